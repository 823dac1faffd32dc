package answer

import (
	"strings"
	"testing"
)

// TestScopeCues: a question naming a document or a page range is searched
// in that scope only, bound before the search; an explicit scope stays.
func TestScopeCues(t *testing.T) {
	idx := openSample(t)
	lookup := func(name string) (string, bool) {
		for _, d := range []string{"ae300-handbook.pdf", "ae300-service-bulletin.pdf"} {
			if strings.EqualFold(name, d) {
				return d, true
			}
		}
		return "", false
	}
	tests := []struct {
		name     string
		q        string
		docs     []string // explicit scope
		wantDoc  string   // every context page's document; "" any
		from, to int      // every context page within; 0 any
		cue      bool     // a scope event is traced
	}{
		{"document named", "What does AE300-Service-Bulletin.pdf say about the oil temperature?", nil, "ae300-service-bulletin.pdf", 0, 0, true},
		{"page range", "What is the oil temperature limit on pages 5-7?", nil, "", 5, 7, true},
		{"explicit scope stays", "What does ae300-service-bulletin.pdf say about the oil temperature?", []string{"ae300-handbook.pdf"}, "ae300-handbook.pdf", 0, 0, false},
		{"no cue", "What is the oil temperature limit?", nil, "", 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var scoped bool
			req := Request{Question: tt.q, Lookup: lookup, Trace: func(e Event) { scoped = scoped || e.Stage == "scope" }}
			req.Filter.Docs = tt.docs
			a, err := Ask(t.Context(), idx, req)
			if err != nil {
				t.Fatal(err)
			}
			if len(a.ContextPages) == 0 {
				t.Fatal("no context pages")
			}
			for _, p := range a.ContextPages {
				if tt.wantDoc != "" && p.Doc != tt.wantDoc || tt.from > 0 && (p.Page < tt.from || p.Page > tt.to) {
					t.Errorf("context page %v outside the scope", p)
				}
			}
			if scoped != tt.cue {
				t.Errorf("scope traced %v, want %v", scoped, tt.cue)
			}
		})
	}
}
