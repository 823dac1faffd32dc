package reader

import (
	"testing"

	"docqa/internal/doc"
	"docqa/internal/inquiry"
)

func TestReadOutline(t *testing.T) {
	o := []Outline{{Doc: "calc.pdf", Parts: []doc.Part{
		{Title: "Preview of Programming", Level: 1, Page: 2},
		{Title: "String Operations", Level: 1, Page: 18},
		{Title: "Conditional Tests", Level: 1, Page: 20},
		{Title: "Using Loops", Level: 1, Page: 22},
		{Title: "For Loops", Level: 2, Page: 22},
		{Title: "While Loops", Level: 2, Page: 23},
	}}}
	tests := []struct {
		question, want string
	}{
		{"which section comes right after String Operations?", "Conditional Tests"},
		{"what section precedes Conditional Tests?", "String Operations"},
		{"what is the last subsection of Using Loops?", "While Loops"},
		{"how many chapters are there?", "4"},
		{"which section comes after the warranty?", ""},                // no such section
		{"how many strengths are mentioned in String Operations?", ""}, // counts things, not sections
		{"What does the String Operations section say about length?", ""},
	}
	for _, tt := range tests {
		q := inquiry.Parse(tt.question, nil, nil)
		read, ok := TakeOutline(q)
		got := ""
		if ok {
			if r, found := read(o); found {
				got = r.Answer
				if len(r.Quotes) == 0 {
					t.Errorf("%q: no quote", tt.question)
				}
			}
		}
		if got != tt.want {
			t.Errorf("outline %q = %q, want %q", tt.question, got, tt.want)
		}
	}
}

func TestLocate(t *testing.T) {
	text := "22 Chapter 17\nSTRING   operations\nText."
	if got, ok := Locate(text, "String Operations"); !ok || got != "STRING   operations" {
		t.Errorf("Locate = %q, %v", got, ok)
	}
	if _, ok := Locate(text, "Loops"); ok {
		t.Error("Locate found a title the page lacks")
	}
}
