package prose

import (
	"docqa/reader/base"
	"testing"
)

func TestReadDegree(t *testing.T) {
	sources := []base.Source{
		{Doc: "paper.pdf", Page: 1, Text: "ON THE BRECCIA-GASHES OF THE DURHAM COAST.\nBy G. A. LEBOUR, M.A., F.G.S.,\nPROFESSOR OF GEOLOGY."},
		{Doc: "paper.pdf", Page: 17, Text: "But this did not in the slightest degree militate against it."},
		{Doc: "board.pdf", Page: 4, Text: "Directors\nJane Q. Smith, PhD, CPA\nJohn Roe, Boston, MA\nMary Major, MBA\nMary Major, MBA"},
	}
	tests := []struct {
		q, want string
	}{
		{"What degree does LEBOUR have?", "M.A."},
		{"Which degrees does Dr. Jane Q. Smith hold?", "PhD"},
		{"What degree did Mary Major earn?", "MBA"},
		{"What degree does John Roe have?", ""}, // "MA" after a town is a state
		{"What degree does Richard Doe have?", ""},
		{"What is the degree of the slope?", ""}, // asks for no person's degree
	}
	for _, tt := range tests {
		r, ok := readDegree(ask(tt.q), sources)
		if ok != (tt.want != "") || r.Answer != tt.want {
			t.Errorf("readDegree(ask(%q)) = %q, %v; want %q", tt.q, r.Answer, ok, tt.want)
		}
		if ok && !quoted(r, sources) {
			t.Errorf("quotes %+v not word for word from the page", r.Quotes)
		}
	}
}
