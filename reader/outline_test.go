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
	// a book's bookmarks: parts in capitals, numbered chapters that a
	// part's name echoes
	book := []Outline{{Doc: "book.pdf", Parts: []doc.Part{
		{Title: "\"PIRACY\"", Level: 1, Page: 30},
		{Title: "Chapter 1: Creators", Level: 2, Page: 35},
		{Title: "2: \"Mere Copyists\"", Level: 2, Page: 45},
		{Title: "3: Catalogs", Level: 2, Page: 62},
		{Title: "4: \"Piracy\"", Level: 2, Page: 67},
		{Title: "Piracy I", Level: 3, Page: 68},
		{Title: "\"PROPERTY\"", Level: 1, Page: 94},
		{Title: "5: Founders", Level: 2, Page: 97},
	}}}
	for _, tt := range []struct{ question, want string }{
		{"which chapter comes right after Catalogs?", "4: \"Piracy\""},
		{"How many chapters does the PIRACY part have?", "4"},
		{"what's the first chapter of the PROPERTY part?", "5: Founders"},
		{"How many chapters does the piracy part have?", ""}, // "PIRACY" or "Piracy": neither, nor the book
	} {
		got := ""
		if read, ok := TakeOutline(inquiry.Parse(tt.question, nil, nil)); ok {
			if r, found := read(book); found {
				got = r.Answer
			}
		}
		if got != tt.want {
			t.Errorf("book outline %q = %q, want %q", tt.question, got, tt.want)
		}
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
	// a bookmark's number and quotation marks are its own
	if got, ok := Locate("CHAPTER FOUR: “Pirates”\nIf piracy means ...", "4: \"Pirates\""); !ok || got != "Pirates" {
		t.Errorf("Locate of a numbered bookmark = %q, %v; want Pirates", got, ok)
	}
}
