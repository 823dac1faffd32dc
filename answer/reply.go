package answer

import (
	"errors"
	"strconv"
	"strings"
	"unicode"

	"docqa/internal/lazyre"
)

// ErrNoSections means a model's reply has none of the sections
// [CITATION], [ANSWER] and [EXPLANATION].
var ErrNoSections = errors.New("reply has no [CITATION]/[ANSWER]/[EXPLANATION] sections")

// Reply is a model's answer split into its sections.
type Reply struct {
	Quotes      []string // one per quote, in order
	Pages       []int    // the page the model wrote after each quote ("(h.pdf, p. 2)"); 0 for none
	Answer      string
	Explanation string
}

// NotFound reports whether the reply says the context holds no answer.
func (r Reply) NotFound() bool {
	return strings.Contains(strings.ToLower(r.Answer), "not found in provided context") ||
		strings.Contains(strings.ToLower(r.Answer), "not found in the provided context")
}

// header matches a section heading at the start of a line, as models
// write them: "[CITATION]:", "**[Answer]**:", "**Citation:**", "ANSWER -",
// "Citations", "[EXPLANATION]" without a colon.
var header = lazyre.New(`(?im)^[ \t>*_#-]*\[?[ \t]*(citations?|quotes?|answer|explanation)[ \t]*\]?[ \t]*(?:\*\*|__)?[ \t]*(?::|-|–)?[ \t]*(?:\*\*|__)?[ \t]*`)

// quoted finds the quotes in a citation section: text in straight or
// curly double quotes.
var quoted = lazyre.New(`"([^"\n]+)"|“([^”\n]+)”`)

// trailingRef matches a page reference after a quote: "(handbook.pdf, p. 4)".
var trailingRef = lazyre.New(`\s*[(\[][^()\[\]]*(?:p\.|page|pp\.)\s*\d+[^()\[\]]*[)\]]\s*$`)

// ParseReply splits a model's reply into its sections. It is tolerant of
// the ways models drift from the format: any case, markdown bold or
// bullets, a missing colon, several [CITATION] lines or several quotes in
// one, quotes without quotation marks, page references after quotes.
func ParseReply(text string) (Reply, error) {
	locs := header.FindAllStringSubmatchIndex(text, -1)
	var r Reply
	found := false
	for i, loc := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		body := strings.TrimSpace(text[loc[1]:end])
		switch name := strings.ToLower(text[loc[2]:loc[3]]); {
		case strings.HasPrefix(name, "citation"), strings.HasPrefix(name, "quote"):
			qs, ps := quotes(body)
			r.Quotes = append(r.Quotes, qs...)
			r.Pages = append(r.Pages, ps...)
		case name == "answer":
			r.Answer = joinSection(r.Answer, body)
		case name == "explanation":
			r.Explanation = joinSection(r.Explanation, body)
		}
		found = true
	}
	if !found {
		return Reply{}, ErrNoSections
	}
	return r, nil
}

func joinSection(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

// quotes returns the quotes of a citation section, each quoted string
// or failing that each non-empty line, without bullets and page
// references, and the page each names after it (0 for none).
func quotes(body string) (out []string, pages []int) {
	for _, m := range quoted.FindAllStringSubmatchIndex(body, -1) {
		q := body[max(m[2], m[4]):max(m[3], m[5])]
		if q = strings.TrimSpace(q); q != "" {
			rest := body[m[1]:]
			if i := strings.IndexByte(rest, '\n'); i >= 0 {
				rest = rest[:i]
			}
			if j := strings.IndexAny(rest, "\"“"); j >= 0 {
				rest = rest[:j] // the next quote's reference is its own
			}
			out, pages = append(out, q), append(pages, pageRef(rest))
		}
	}
	if len(out) > 0 {
		return out, pages
	}
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimLeft(strings.TrimSpace(line), "-*•0123456789.) ")
		page := 0
		if m := trailingRef.FindString(line); m != "" {
			page = pageRef(m)
		}
		line = trailingRef.ReplaceAllString(line, "")
		line = strings.Trim(line, " \"'“”")
		if line != "" && !strings.EqualFold(line, "none") {
			out, pages = append(out, line), append(pages, page)
		}
	}
	return out, pages
}

// pageRef reads the page a reference names ("(h.pdf, p. 2)", "page 2"),
// or 0.
func pageRef(s string) int {
	m := rePageRef.FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

var rePageRef = lazyre.New(`(?i)\b(?:p\.|pp\.|page)\s*(\d{1,6})\b`)

// Printable is a strings.Map function for a model's text on its way to
// the user: it keeps newlines, tabs and printing characters and drops
// (-1) the rest, control, bidi-control and replacement characters
// included, so that an escape sequence in a reply cannot drive the
// terminal.
func Printable(r rune) rune {
	if r == '\n' || r == '\t' || !unicode.IsControl(r) && r != unicode.ReplacementChar && !unicode.Is(unicode.Bidi_Control, r) {
		return r
	}
	return -1
}
