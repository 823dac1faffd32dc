package sentences

import (
	"testing"

	"docqa/internal/inquiry"
)

func TestAskedAcronymAndDefines(t *testing.T) {
	for q, want := range map[string]string{
		"What does DMCA stand for?":                "DMCA",
		"What is NARL stand for in this document?": "NARL",
		"When was the DMCA signed into law?":       "",
		"What is the oil temperature limit?":       "",
	} {
		if got := AskedAcronym(inquiry.Parse(q, nil, nil)); got != want {
			t.Errorf("AskedAcronym(%q) = %q, want %q", q, got, want)
		}
	}
	text := "The DMCA has five titles. Sec. 2 of the Digital Millennium Copyright Act (DMCA) sets them out. A Gift Voucher (DMCA) is not it."
	if got, want := Defines(text, "DMCA"), "Sec. 2 of the Digital Millennium Copyright Act (DMCA) sets them out."; got != want {
		t.Errorf("Defines = %q, want %q", got, want)
	}
	for _, ac := range []string{"WIPO", ""} {
		if got := Defines(text, ac); got != "" {
			t.Errorf("Defines(%q) = %q, want none", ac, got)
		}
	}
}
