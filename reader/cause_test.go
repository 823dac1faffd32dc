package reader

import (
	"strings"
	"testing"
)

func TestAsksCause(t *testing.T) {
	for q, want := range map[string]bool{
		"What drove the increase in merchandise inventories at the end of FY2023?": true,
		"Why did gross margin fall in 2022?":                                       true,
		"What were the key factors behind the decline in sales?":                   true,
		"What was the primary driver of the change in net income?":                 true,
		"What are the reasons for the restructuring?":                              true,
		"What was the gross margin in 2022?":                                       false,
		"Is the quick ratio useful? If not, then state that and explain why.":      false, // an instruction asks nothing
	} {
		if got := asksCause(q); got != want {
			t.Errorf("asksCause(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestCauseSentences(t *testing.T) {
	tests := []struct {
		s            string
		gives, point bool
		cause        string
	}{
		{"The $104.2 million increase was primarily due to the opening of 47 new stores.", true, true, "due to the opening of 47 new stores."},
		{"This decrease reflects lower volumes in Europe.", true, true, "reflects lower volumes in Europe."},
		{"Net sales rose 8% driven by higher prices.", true, false, "driven by higher prices."},
		{"The increase in headcount continued.", false, true, ""},
		{"Merchandise inventories totaled $1.6 billion.", false, false, ""},
	}
	for _, tt := range tests {
		if got := givesCause(tt.s); got != tt.gives {
			t.Errorf("givesCause(%q) = %v, want %v", tt.s, got, tt.gives)
		}
		if got := pointsBack(tt.s); got != tt.point {
			t.Errorf("pointsBack(%q) = %v, want %v", tt.s, got, tt.point)
		}
		if got := CauseOf(tt.s); got != tt.cause {
			t.Errorf("causeOf(%q) = %q, want %q", tt.s, got, tt.cause)
		}
	}
}

// A cause given in the sentence after the change it explains is quoted
// with that sentence, and the answer line is the cause; a question about
// a cause that no sentence gives is refused.
func TestReadCause(t *testing.T) {
	sources := []Source{{Doc: "e.pdf", Page: 3, Text: "Balance Sheet\nMerchandise inventories, net at the end of fiscal 2022 totaled $1.6 billion compared to $1.5 billion at the end of fiscal 2021. The $104.2 million increase was primarily due to the opening of 47 new stores and inventory cost increases.\nShare Repurchase Program\nThe Company repurchased 722,457 shares."}}
	a := readText("What drove the increase in merchandise inventories at the end of fiscal 2022?", nil, sources)
	if !a.Found() || a.Answer != "due to the opening of 47 new stores and inventory cost increases." {
		t.Fatalf("answer %q (%s), want the cause", a.Answer, a.Explanation)
	}
	if len(a.Quotes) != 1 || !strings.HasPrefix(a.Quotes[0].Text, "Merchandise inventories") || !quoted(a, sources) {
		t.Errorf("quotes %+v, want the change and its cause, verbatim", a.Quotes)
	}
	// the words asking for the cause ("drove") are answered by the pair
	// that gives it, though the page never uses them (on the page the
	// search ranks first: on another, a sentence that covers under
	// MinCoverage of the question is refused)
	other := []Source{sources[0], {Doc: "e.pdf", Page: 2, Text: "Ulta Beauty reported results for the fourth quarter of fiscal 2022, the year ended January 28, 2023. Net sales increased 18.3% to $3.2 billion."}}
	if a := readText("What drove the increase in Ulta Beauty's merchandise inventories balance at the end of FY2023?", nil, other); a.Answer != "due to the opening of 47 new stores and inventory cost increases." {
		t.Errorf("answer %q (%s), want the cause", a.Answer, a.Explanation)
	}
	// the same sentence on a page the search ranks lower covers too
	// little of the question to answer (MinTopCoverage, MinCoverage)
	if a := readText("What drove the increase in Ulta Beauty's merchandise inventories balance at the end of FY2023?", nil, []Source{other[1], other[0]}); a.Found() {
		t.Errorf("answered %q from the second page, covering under MinCoverage", a.Answer)
	}
	none := []Source{{Doc: "e.pdf", Page: 3, Text: "Merchandise inventories, net at the end of fiscal 2022 totaled $1.6 billion compared to $1.5 billion at the end of fiscal 2021. The Company repurchased 722,457 shares."}}
	if a := readText("What drove the increase in merchandise inventories at the end of fiscal 2022?", nil, none); a.Found() {
		t.Errorf("no cause given: answered %q", a.Answer)
	}
}

func FuzzCauseOf(f *testing.F) {
	f.Add("The $104.2 million increase was primarily due to the opening of 47 new stores.")
	f.Add("due to")
	f.Fuzz(func(t *testing.T, s string) {
		c := CauseOf(s)
		if c != "" && !givesCause(s) {
			t.Fatalf("causeOf(%q) = %q from a sentence that gives no cause", s, c)
		}
	})
}
