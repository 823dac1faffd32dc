package prose

import (
	"docqa/internal/inquiry"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
	"testing"
)

func TestVerdict(t *testing.T) {
	tests := []struct {
		question string
		want     string // the answer's first word; "" for none
	}{
		{"Will the board run under Windows NT?", "No"},
		{"Does the driver run on Windows 2000?", "Yes"},
		{"Does the board run under Windows NT or Windows 98?", ""}, // alternatives
		{"Doesn't the board run under Windows NT?", ""},            // the question negates
		{"Is the board waterproof?", ""},                           // no sentence settles it
		{"Is the driver based on the Windows 95 driver?", "No"},    // "unlike" sets it apart
	}
	for _, tt := range tests {
		q := inquiry.Parse(tt.question, nil, nil)
		p := sentences.NewPool(manualPages, base.DefaultParams())
		w, total := p.Weights(textterms.Of(q.Text), nil)
		o := ReadVerdictOf(q, &sentences.Context{P: p, W: w, Total: total})
		got := ""
		if o.Took {
			got = o.R.Answer[:len(tt.want)]
			if !quoted(o.R, manualPages) {
				t.Errorf("%q: quotes %+v not word for word", tt.question, o.R.Quotes)
			}
		}
		if got != tt.want {
			t.Errorf("verdict %q = %q (%+v); want %q", tt.question, got, o.R.Answer, tt.want)
		}
	}
}

// TestVerdictKeys: a sentence that holds most of a yes-or-no question
// but not its key term settles nothing.
func TestVerdictKeys(t *testing.T) {
	pages := []base.Source{{Doc: "db.pdf", Page: 12, Text: "The function VERIFY_GROUP_FOR_USER returns a value of 1 for a member. Invocations return a value of 1 for JANE. The null value is never stored in the column. The table holds rows."}}
	q := inquiry.Parse("can VERIFY_GROUP_FOR_USER ever return null?", nil, nil)
	p := sentences.NewPool(pages, base.DefaultParams())
	w, total := p.Weights(textterms.Of(q.Text), nil)
	if o := ReadVerdictOf(q, &sentences.Context{P: p, W: w, Total: total}); o.Took {
		t.Errorf("verdict = %q, want none: no sentence holds both the function and null", o.R.Answer)
	}
}
