package reader

import "regexp"

// Some sentences never answer a question about what a document tells,
// however many of its words they hold: they point elsewhere, or they are
// the same in every document of their kind.

// rePointer is a sentence that points to where the answer is told ("The
// datasets are summarized in Table II.", "Figure 3 shows the accuracy."),
// which, like a leader, never holds it; reWhereQ asks for such a place.
var (
	rePointer = regexp.MustCompile(`(?i)\b(?:summari[sz]ed|shown|listed|presented|given|illustrated|reported|described|detailed|displayed|depicted|provided)\s+(?:in|on)\s+(?:the\s+)?(?:table|tab\.|figure|fig\.|appendix|section|sec\.|chart|exhibit)\s*[0-9IVX]|^\s*(?:table|figure|fig\.|appendix)\s*[0-9IVX]+[a-z]?\s+(?:shows|lists|presents|summari[sz]es|illustrates|reports|gives|describes|depicts|displays|compares)\b`)
	reWhereQ  = regexp.MustCompile(`(?i)\b(?:where|(?:which|what)\s+(?:table|figure|section|appendix|chapter|page|exhibit)s?)\b`)
)

// reCertification is a sentence of the officers' certifications every
// SEC filing ends with (Exchange Act rules 13a-14(a) and 13a-14(b), 18
// U.S.C. 1350): "I have reviewed this quarterly report on Form 10-Q of
// ...", "this report does not contain any untrue statement of a material
// fact". Their words are a filing's words ("report", "financial",
// "material", the company's name) and they match any question about
// the filing, but they tell nothing of the company. reCertifiedQ asks
// about them.
var (
	reCertification = regexp.MustCompile(`(?i)\bI have reviewed this\b|\bcertif(?:y|ies|ied)\b[^.]{0,80}\b(?:pursuant to|that)\b|\bpursuant to (?:18 U\.S\.C\.|section 906|section 302)|\bIn connection with the (?:quarterly|annual) report (?:of|on)\b|\bthis report does not contain any untrue statement\b`)
	reCertifiedQ    = regexp.MustCompile(`(?i)\bcertif|\bsarbanes|\bsection (?:302|906)\b|\bsign(?:ed|s|ature)?\b`)
)

// asides reports whether text is a sentence that answers nothing the
// scorer's question asks: a pointer, unless the question asks where, or
// a filing's certification, unless it asks about that.
func (s scorer) asides(text string) bool {
	return !s.asksWhere && rePointer.MatchString(text) || !s.asksCertified && reCertification.MatchString(text)
}
