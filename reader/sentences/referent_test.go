package sentences

import "testing"

func TestOtherReferent(t *testing.T) {
	tests := []struct {
		q, s string
		want bool
	}{
		{"What's the topic of UNIT 14?", "Unit 7 Key Assignments: Ethics Report.", true},
		{"What's the topic of UNIT 14?", "Unit 14 Key Assignments: Quiz on Units 13 & 14.", false},
		{"What's the topic of Unit 14?", "Unit 13 and Unit 14 cover accounting.", false},
		{"Which datasets in Table II have three methods?", "Table III lists the metrics.", true},
		{"Which datasets in Table II have three methods?", "The datasets are summarized in Table II.", false},
		{"What is in Appendix E?", "Appendix B lists the strengths.", true},
		{"What is the topic of the course?", "Unit 7 covers ethics.", false}, // no label asked
		{"What is in Appendix E?", "The appendix lists the strengths.", false},
	}
	for _, tt := range tests {
		if got := OtherReferent(tt.s, Labelled(tt.q)); got != tt.want {
			t.Errorf("otherReferent(%q) for %q = %v, want %v", tt.s, tt.q, got, tt.want)
		}
	}
}

// FuzzLabelled: any text parses, and names the same things it names: a
// sentence is never about another referent than itself.
func FuzzLabelled(f *testing.F) {
	f.Add("What's the topic of UNIT 14?")
	f.Add("Table II, Appendix E and Section 3.4.")
	f.Fuzz(func(t *testing.T, s string) {
		if OtherReferent(s, Labelled(s)) {
			t.Errorf("%q names other things than it names: %v", s, Labelled(s))
		}
	})
}
