package answer

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParseReply(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Reply
	}{
		{"the format", "[CITATION]: \"The maximum oil temperature is 110 °C.\"\n[ANSWER]: 110 °C.\n[EXPLANATION]: The handbook says so.",
			Reply{Quotes: []string{"The maximum oil temperature is 110 °C."}, Answer: "110 °C.", Explanation: "The handbook says so."}},
		{"lower case, no colon", "[citation] \"Oil: 110 °C.\"\n[answer] 110 °C\n[explanation] stated",
			Reply{Quotes: []string{"Oil: 110 °C."}, Answer: "110 °C", Explanation: "stated"}},
		{"markdown bold", "**[CITATION]:** “Change the oil every 100 hours.”\n**Answer:** every 100 hours\n**Explanation:** quoted",
			Reply{Quotes: []string{"Change the oil every 100 hours."}, Answer: "every 100 hours", Explanation: "quoted"}},
		{"several citations", "[CITATION]: \"A is 1.\" (h.pdf, p. 2)\n[CITATION]: \"B is 2.\"\n[ANSWER]: 1 and 2",
			Reply{Quotes: []string{"A is 1.", "B is 2."}, Answer: "1 and 2"}},
		{"two quotes on a line", "[CITATION]: \"A is 1.\" and \"B is 2.\"\n[ANSWER]: both",
			Reply{Quotes: []string{"A is 1.", "B is 2."}, Answer: "both"}},
		{"bulleted, unquoted", "Citations:\n- A is 1. (h.pdf, p. 2)\n- B is 2.\nAnswer: both",
			Reply{Quotes: []string{"A is 1.", "B is 2."}, Answer: "both"}},
		{"not found", "[CITATION]: none\n[ANSWER]: Not found in provided context.\n[EXPLANATION]: The context is about oil.",
			Reply{Answer: "Not found in provided context.", Explanation: "The context is about oil."}},
		{"multi-line answer", "[ANSWER]: First line.\nSecond line.\n[EXPLANATION]: x",
			Reply{Answer: "First line.\nSecond line.", Explanation: "x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseReply(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreFields(Reply{}, "Pages")); diff != "" {
				t.Errorf("ParseReply (-want +got):\n%s", diff)
			}
		})
	}
	for _, bad := range []string{"", "The oil is hot.", "{\"decision\": \"abstain\"}"} {
		if _, err := ParseReply(bad); !errors.Is(err, ErrNoSections) {
			t.Errorf("ParseReply(%q) error %v, want ErrNoSections", bad, err)
		}
	}
}

func TestReplyNotFound(t *testing.T) {
	r, _ := ParseReply("[ANSWER]: Not found in provided context.")
	if !r.NotFound() {
		t.Error("NotFound() = false for the not-found answer")
	}
	r, _ = ParseReply("[ANSWER]: 110 °C")
	if r.NotFound() {
		t.Error("NotFound() = true for an answer")
	}
}

// FuzzParseReply: any reply parses or fails with ErrNoSections, and never
// yields an empty quote.
func FuzzParseReply(f *testing.F) {
	f.Add("[CITATION]: \"x y z\"\n[ANSWER]: a\n[EXPLANATION]: b")
	f.Add("**Citations:**\n- a (p. 3)\n**Answer** b")
	f.Add("[citation]“q”[answer]")
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseReply(s)
		if err != nil {
			if !errors.Is(err, ErrNoSections) {
				t.Fatalf("error %v", err)
			}
			return
		}
		for _, q := range r.Quotes {
			if q == "" {
				t.Fatalf("empty quote from %q", s)
			}
		}
	})
}

// The page a model writes after each quote is kept beside it, so that a
// quote verified on another page can say so (issue 19, item 6).
func TestReplyPages(t *testing.T) {
	tests := []struct {
		in   string
		want []int
	}{
		{"[CITATION]: \"A is 1.\" (h.pdf, p. 2)\n[CITATION]: \"B is 2.\"\n[ANSWER]: 1 and 2", []int{2, 0}},
		{"[CITATION]: \"A is 1.\" (page 7) and \"B is 2.\" (p. 9)\n[ANSWER]: both", []int{7, 9}},
		{"Citations:\n- A is 1. (h.pdf, p. 2)\n- B is 2.\nAnswer: both", []int{2, 0}},
	}
	for _, tt := range tests {
		r, err := ParseReply(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if !cmp.Equal(r.Pages, tt.want) {
			t.Errorf("ParseReply(%q).Pages = %v, want %v", tt.in, r.Pages, tt.want)
		}
	}
}
