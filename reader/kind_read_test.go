package reader

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/sentences"
	"fmt"
	"strings"
	"testing"
)

// How often a document mentions something is counted over its pages;
// one sentence's number does not answer it, nor does a span of years
// answer "how much".
func TestCountsOverPages(t *testing.T) {
	for q, want := range map[string]bool{
		"How many times does Exhibit P-10 mentioned in the document?": true,
		"How many times does the word 'risk' appear in the report?":   true,
		"How many times did the board meet in 2022?":                  false,
	} {
		if got := sentences.ReMentions.MatchString(q); got != want {
			t.Errorf("reMentions(%q) = %v, want %v", q, got, want)
		}
	}
	sources := []base.Source{{Doc: "c.pdf", Page: 5, Text: "The fund bought 81,000 shares as appears from Exhibit P-10."}}
	if a := readText("How many times is Exhibit P-10 mentioned in the document?", nil, sources); a.Found() {
		t.Errorf("mentions: answered %q, want a refusal", a.Answer)
	}
	got, _ := sentences.NumberNear(inquiry.Parse("How much was the county's population in 2000?", nil, nil), base.DefaultParams())("Hamilton County Population by City, 1890-2000")
	if got != "" {
		t.Errorf("numberNear took %q of a span of years", got)
	}
}

func TestExtractiveKinds(t *testing.T) {
	sources := []base.Source{{Doc: "r.pdf", Page: 3, Text: "Contact us. The Limes Residential Home\nTel: 01983 873655\nOur gardens are open to visitors every day of the week. DOS works through the National Atmospheric Research Laboratory (NARL) in Gadanki."}}
	a := readText("What is the telephone number of The Limes Residential Home?", nil, sources)
	if !a.Found() || !strings.Contains(a.Answer, "01983 873655") {
		t.Errorf("phone: %v %q, want the Tel line", a.Found(), a.Answer)
	}
	// A sentence that only says the question again answers nothing.
	faq := []base.Source{{Doc: "w.pdf", Page: 9, Text: "What happens when you press and hold the Down button? Pressing and holding the Down button wakes up the voice assistant."}}
	a = readText("What happens when you press and hold the Down button?", nil, faq)
	if !strings.Contains(a.Answer, "voice assistant") {
		t.Errorf("restated question: %v %q, want the sentence that answers", a.Found(), a.Answer)
	}
	a = readText("What does NARL stand for?", nil, sources)
	if a.Answer != "National Atmospheric Research Laboratory" || len(a.Quotes) != 1 || !quoted(a, sources) {
		t.Errorf("acronym: answer %q quotes %+v", a.Answer, a.Quotes)
	}
}

// A running foot repeats the question's words on every page but answers
// nothing; a "Tel:" line answers the question's "telephone".
func TestExtractiveSkipsRunningLines(t *testing.T) {
	var sources []base.Source
	for n := 1; n <= 3; n++ {
		text := "Residents told us staff were kind and the rooms were clean.\n"
		if n == 2 {
			text += "The Limes provides personal care for up to 32 people.\n"
		}
		if n == 1 {
			text = "43 Foreland Road\nBembridge\nTel: 01983 873655\n" + text
		}
		text += fmt.Sprintf("%d The Limes Residential Home Inspection report 05/10/2015", n)
		sources = append(sources, base.Source{Doc: "r.pdf", Page: n, Text: text})
	}
	a := readText("What is the telephone number of The Limes Residential Home?", nil, sources)
	if !strings.Contains(a.Answer, "01983 873655") {
		t.Errorf("phone: %v %q, want the Tel line, not the running foot", a.Found(), a.Answer)
	}
	a = readText("What does The Limes Residential Home provide?", nil, sources)
	if !strings.Contains(a.Answer, "personal care") {
		t.Errorf("provide: %v %q, want the sentence that says, not the running foot", a.Found(), a.Answer)
	}
}

// A number written with the symbol of the unit a question counts in
// answers it: "How many grams ...?" by "16 g".
func TestUnitSymbol(t *testing.T) {
	sources := []base.Source{{Doc: "m.pdf", Page: 25, Text: "Preparation of ground coffee\nusing the manual insert\nOpen manual insert lid\nInsert ground coffee (max. 16 g)\nClose manual insert lid\nThe lid holds 3 cleaning tablets."}}
	r := readText("How many grams of coffee can be put in the manual insert? Return me an integer.", nil, sources)
	if r.Answer != "16" || !quoted(r, sources) {
		t.Errorf("answer %q, quotes %+v; want 16 from the line that says 16 g", r.Answer, r.Quotes)
	}
	units := []struct {
		field string
		stems []string
		want  bool
	}{
		{"g)", []string{"gram"}, true},
		{"kg", []string{"gram"}, false},
		{"°C", []string{"degre"}, true},
		{"min.", []string{"minut"}, true},
		{"tablets", []string{"gram"}, false},
	}
	for _, tt := range units {
		if got := sentences.UnitOf(tt.field, tt.stems); got != tt.want {
			t.Errorf("unitOf(%q, %v) = %v, want %v", tt.field, tt.stems, got, tt.want)
		}
	}
}
