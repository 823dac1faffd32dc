package reader

import (
	"slices"
	"testing"
)

func TestParseContents(t *testing.T) {
	tests := []struct {
		q    string
		want Contents
		ok   bool
	}{
		{"What are the last 4 chapters listed in the table of contents?", Contents{kind: "chapter", n: 4}, true},
		{"What is the first section in the table of contents?", Contents{kind: "section", first: true, n: 1}, true},
		{"How many chapters are listed in the table of contents?", Contents{kind: "chapter", count: true}, true},
		{"List the appendices in the table of contents.", Contents{kind: "appendix"}, true},
		{"What are the first two entries of the contents page?", Contents{kind: "entry", first: true, n: 2}, true},
		{"What is the last chapter about?", Contents{}, false}, // no table of contents named
	}
	for _, tt := range tests {
		got, ok := ParseContents(tt.q)
		if ok != tt.ok || got != tt.want {
			t.Errorf("ParseContents(%q) = %+v, %v; want %+v, %v", tt.q, got, ok, tt.want, tt.ok)
		}
	}
}

func TestContentsRead(t *testing.T) {
	leaders := "v\nTABLE OF CONTENTS\nAbout this Report..........vi\nCHAPTERS\nExecutive Summary.........1\n" +
		"1. Introduction: Climate Change and Human Health.....25\n2. Temperature-Related Death and Illness.....43\n" +
		"3. Air Quality Impacts.....69\nAppendix 1: Technical Support Document.....287\nAppendix 2: Process for Literature Review ......301\n"
	first := "3\nTable of Contents\n1 Safety 6\n1.1 General safety instructions 6\n2 Introduction 14\nDisplay. . . . . . . . . . 14\n"
	second := "4\nTable of Contents\n3 Operation 18\n3.1 Switch on 19\nCancel beverage . . . . . . . 21\n"
	tests := []struct {
		q       string
		sources []Source
		answer  string
		pages   []int
	}{
		{"What are the last 2 chapters listed in the table of contents?", []Source{{Doc: "r.pdf", Page: 7, Text: leaders}},
			"Temperature-Related Death and Illness; Air Quality Impacts", []int{7, 7}},
		{"What is the first appendix in the table of contents?", []Source{{Doc: "r.pdf", Page: 7, Text: leaders}},
			"Appendix 1: Technical Support Document", []int{7}},
		{"How many chapters are in the table of contents?", []Source{{Doc: "m.pdf", Page: 4, Text: second}, {Doc: "m.pdf", Page: 3, Text: first}},
			"3 (Safety; Introduction; Operation)", []int{3, 3, 4}},
		{"What are the last 5 chapters in the table of contents?", []Source{{Doc: "r.pdf", Page: 7, Text: leaders}}, "", nil}, // three
		{"What are the chapters in the table of contents?", []Source{{Doc: "r.pdf", Page: 7, Text: "Intro\n1. Lift the shelf 45\n2. Pull it out\n"}}, "", nil},
	}
	for _, tt := range tests {
		c, ok := ParseContents(tt.q)
		if !ok {
			t.Fatalf("ParseContents(%q) failed", tt.q)
		}
		r, ok := c.Read(tt.sources)
		var pages []int
		for _, q := range r.Quotes {
			pages = append(pages, q.Page)
			if !quoted(Reading{Quotes: []Quote{q}}, tt.sources) {
				t.Errorf("quote %q not in the pages", q.Text)
			}
		}
		if ok != (tt.answer != "") || r.Answer != tt.answer || !slices.Equal(pages, tt.pages) {
			t.Errorf("Read(%q) = %q %v, %v; want %q %v", tt.q, r.Answer, pages, ok, tt.answer, tt.pages)
		}
	}
}

func FuzzContents(f *testing.F) {
	f.Add("What are the last 2 chapters in the table of contents?", "Contents\n1 Safety 6\n2 Intro 14\nA.....3\n")
	f.Fuzz(func(t *testing.T, q, text string) {
		c, ok := ParseContents(q)
		if !ok {
			return
		}
		sources := []Source{{Doc: "d.pdf", Page: 1, Text: text}, {Doc: "d.pdf", Page: 2, Text: text}}
		if r, ok := c.Read(sources); ok && (r.Answer == "" || !quoted(r, sources)) {
			t.Fatalf("Read(%q) = %+v", q, r)
		}
	})
}
