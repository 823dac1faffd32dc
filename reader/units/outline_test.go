package units

import (
	"testing"

	"docqa/internal/doc"
	"docqa/internal/inquiry"
	"docqa/reader/base"
)

func TestReadOutline(t *testing.T) {
	calc := []Outline{{Doc: "calc.pdf", Parts: []doc.Part{
		{Title: "Preview of Programming", Level: 1, Page: 2},
		{Title: "String Operations", Level: 1, Page: 18},
		{Title: "Conditional Tests", Level: 1, Page: 20},
		{Title: "Using Loops", Level: 1, Page: 22},
		{Title: "For Loops", Level: 2, Page: 22},
		{Title: "While Loops", Level: 2, Page: 23},
	}}}
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
	tests := []struct {
		o              []Outline
		question, want string
	}{
		{calc, "which section comes right after String Operations?", "Conditional Tests"},
		{calc, "what section precedes Conditional Tests?", "String Operations"},
		{calc, "what is the last subsection of Using Loops?", "While Loops"},
		{calc, "how many chapters are there?", "4"},
		{calc, "which section comes after the warranty?", ""},                // no such section
		{calc, "how many strengths are mentioned in String Operations?", ""}, // counts things, not sections
		{calc, "What does the String Operations section say about length?", ""},
		{book, "which chapter comes right after Catalogs?", "4: \"Piracy\""},
		{book, "How many chapters does the PIRACY part have?", "4"},
		{book, "what's the first chapter of the PROPERTY part?", "5: Founders"},
		{book, "How many chapters does the piracy part have?", ""}, // "PIRACY" or "Piracy": neither, nor the book
	}
	for _, tt := range tests {
		read, ok := TakeOutline(inquiry.Parse(tt.question, nil, nil), base.DefaultParams())
		got := ""
		if ok {
			if r, found := read(tt.o); found {
				got = r.Answer
				if len(r.Quotes) == 0 {
					t.Errorf("%q: no quote", tt.question)
				}
			}
		}
		if got != tt.want {
			t.Errorf("outline of %s %q = %q, want %q", tt.o[0].Doc, tt.question, got, tt.want)
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
