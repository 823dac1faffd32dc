package reader

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/prose"
	"strings"
	"testing"
)

func TestReadParty(t *testing.T) {
	sources := []base.Source{{Doc: "c.pdf", Page: 3, Text: "The individual defendants in the Federal Case were Beach and Hanson."}, {Doc: "c.pdf", Page: 1, Text: letterOpinion}}
	tests := []struct{ q, want string }{
		{"Who is the defendant of this case?", "DELAWARE STATE PUBLIC INTEGRITY COMMISSION"},
		{"Who is the appellant?", "Diane HANSON"},
		{"Who are the plaintiffs?", "Diane HANSON"},
	}
	for _, tt := range tests {
		r := readText(tt.q, nil, sources)
		if r.Answer != tt.want || len(r.Quotes) != 1 || !strings.Contains(letterOpinion, "Re: Diane HANSON\nv.") {
			t.Errorf("readText(%q) = %q, want %q", tt.q, r.Answer, tt.want)
		}
	}
	if prose.AsksParty(inquiry.Parse("Who is the author of the opinion?", nil, nil)) {
		t.Errorf("a question about the author asks for no party")
	}
}
