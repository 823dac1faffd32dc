package prose

import (
	"strings"
	"unicode"

	"docqa/internal/lazyre"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// Some sentences never answer a question about what a document tells,
// however many of its words they hold: they point elsewhere, or they are
// the same in every document of their kind.

// rePointer is a sentence that points to where the answer is told ("The
// datasets are summarized in Table II.", "Figure 3 shows the accuracy.",
// "... were as follows (dollars in millions):", "The following table
// presents ..."),
// which, like a leader, never holds it; reWhereQ asks for such a place.
var (
	rePointer = lazyre.New(`(?i)\b(?:summari[sz]ed|shown|listed|presented|given|illustrated|reported|described|detailed|displayed|depicted|provided)\s+(?:in|on)\s+(?:the\s+)?(?:table|tab\.|figure|fig\.|appendix|section|sec\.|chart|exhibit)\s*[0-9IVX]|^\s*(?:table|figure|fig\.|appendix)\s*[0-9IVX]+[a-z]?\s+(?:shows|lists|presents|summari[sz]es|illustrates|reports|gives|describes|depicts|displays|compares)\b|\bas follows\s*(?:\([^)]{0,40}\))?\s*:|^\s*the following (?:table|tables|chart|graph|schedule)s?\s+(?:presents|present|shows|show|sets forth|summari[sz]es|provides|reflects|details|lists|illustrates|compares)\b|^\s*the following (?:is|are)\s+(?:an?\s+)?(?:reconciliation|summary|table|schedule|breakdown|analysis)s?\s+of\b`)
	reWhereQ  = lazyre.New(`(?i)\b(?:where|(?:which|what)\s+(?:table|figure|section|appendix|chapter|page|exhibit)s?)\b`)
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
	reCertification = lazyre.New(`(?i)\bI have reviewed this\b|\bcertif(?:y|ies|ied)\b[^.]{0,80}\b(?:pursuant to|that)\b|\bpursuant to (?:18 U\.S\.C\.|section 906|section 302)|\bIn connection with the (?:quarterly|annual) report (?:of|on)\b|\bthis report does not contain any untrue statement\b`)
	reCertifiedQ    = lazyre.New(`(?i)\bcertif|\bsarbanes|\bsection (?:302|906)\b|\bsign(?:ed|s|ature)?\b`)
)

// asides reports whether text is a sentence that answers nothing the
// scorer's question asks: a pointer, unless the question asks where, or
// a filing's certification, unless it asks about that.
func (s scorer) asides(text string) bool {
	return !s.asksWhere && pointer(text) || !s.asksCertified && certification(text)
}

// pointer reports whether text points to where the answer is told
// ([rePointer]), running the pattern only on a text with one of the
// words every one of its branches needs.
func pointer(text string) bool {
	return lazyre.ContainsFold(text, "table", "tab.", "figure", "fig.", "appendix", "ection", "ec.", "chart", "exhibit", "follow") && rePointer.MatchString(text)
}

// certification reports whether text is of an officer's certification
// ([reCertification]), running the pattern only on a text with one of
// the words every one of its branches needs.
func certification(text string) bool {
	return lazyre.ContainsFold(text, "reviewed", "certif", "uant to", "connection", "untrue") && reCertification.MatchString(text)
}

// A heading or a table's header row ("Hamilton County Population by City,
// 1890-2000", "Date of Declaration Total Dividend Unclaimed Dividend")
// names what follows it: it answers a question that asks for a title,
// a topic or a name ("What's the topic of Unit 14?"), and no other, for
// the figure or the statement asked for is under it.
var reTitleQ = lazyre.New(`(?i)\b(?:topics?|titles?|titled|names?|named|headings?|chapters?|sections?|units?|called|subjects?|themes?|captions?|labels?|labell?ed)\b`)

// Heading reports whether the sentence of text from start to end reads
// as a heading: it ends its line and starts it, or follows only a label
// there ("Table 3."); it has no sentence's end, two or more words of
// letters, and at least two thirds of its words of four letters or more
// capitalised.
func Heading(text string, start, end int, par base.Params) bool {
	line := strings.LastIndexByte(text[:start], '\n') + 1
	if len(strings.TrimSpace(text[line:start])) > par.MaxLabel || end < len(text) && text[end] != '\n' {
		return false
	}
	s := strings.TrimSpace(text[start:end])
	if sentences.Ended(s) || strings.HasSuffix(s, ":") {
		return false
	}
	long, upper := 0, 0
	for _, w := range strings.Fields(s) {
		w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) })
		if len([]rune(w)) < 4 {
			continue
		}
		long++
		if r := []rune(w)[0]; unicode.IsUpper(r) {
			upper++
		}
	}
	return long >= 2 && 3*upper >= 2*long
}
