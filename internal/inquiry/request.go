// Package inquiry reads a question's wording, apart from any document:
// the answer-format instructions to drop ([StripInstructions]), the part
// a search should match ([SearchText]), the words that name the
// document rather than what is asked ([WithoutSourceNames]) and the
// words that carry its subject ([KeyWords]). It sits below search and
// the reader, which both read questions through it.
package inquiry

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"docqa/internal/lazyre"
)

// A question often wraps what it asks in a request: a role ("Assume that
// you are a public equities analyst."), how to answer ("Give a response
// to the question by relying on the details shown in the cash flow
// statement.") and a format ("Answer in USD millions."). The request's
// words match any page, but it may name where the answer is ("the cash
// flow statement"), and that is the best clue a search has. Searched
// text therefore keeps a request's content words and drops its request
// words; examples ("for example [\"p1\"]") and roles go whole.

// rolePreamble matches a leading sentence that casts the reader in a
// role.
var rolePreamble = lazyre.New(`(?i)^\s*(?:(?:assume|imagine|suppose|pretend)\s+(?:that\s+)?you\s+are|you\s+are\s+(?:an?|the)|as\s+an?\s+\w+(?:\s+\w+)?\s*,\s*you)\b[^.?!:]*[.?!:]\s*`)

// example matches where an instruction starts to give an example or a
// precision ("accurate to the year, month, day"), whose words and numbers
// are not the question's.
var example = lazyre.New(`(?i)\b(?:for example|for instance|such as|e\.g\.?|i\.e\.?|like this|(?:accurate|precise|exact|correct|rounded|round) to|to the nearest)`)

// requestWords are words of asking that no subject uses ("give a
// response by relying on the details shown"); they are dropped from the
// whole question. formatWords add the words of answer formats, rounding
// and units, dropped only from the instructions after the question:
// inside it, "units", "order" or "list" may be what it asks about. Both
// lists are the request vocabulary of English instructions, not drawn
// from any question set.
var (
	requestWords = wordSet(`response responses respond responding relying rely relied details shown primarily utilize utilizing please kindly`)
	formatWords  = wordSet(`answer answers answering answered question questions give given provide providing write writing written
		return returning use using base based basis detail information info mainly mostly following follow assume
		calculate calculating calculated compute computing extract extracting format formatted formatting round rounded
		rounding decimal decimals place places unit units nearest integer int float floating value values accurate accuracy
		example appropriate alphabetical ascending descending order list down me need needs usd dollars dollar million
		millions billion billions thousand thousands percent percents one two three four five six zero`)
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// sentenceEnd matches the end of a sentence and the start of the next.
var sentenceEnd = lazyre.New(`[.?!]\s+[A-Z]`)

// unitAside matches an aside that only gives the answer's unit: "(in USD
// millions)", "(in millions)", "(USD thousands)".
var unitAside = lazyre.New(`(?i)\s*\((?:(?:amounts?|figures?)\s+)?(?:in\s+)?(?:(?:US|USD|EUR|GBP|\$)\s*)?(?:thousands|millions|billions|percent|%)(?:\s+of\s+(?:US\s+)?dollars)?\)`)

// SearchText returns the part of a question a search should match: the
// question without its role preamble, with the content words of its
// trailing instructions kept after it ("What is the FY2018 capital
// expenditure for 3M? ... cash flow statement"), and without request
// words. A question that would be left with fewer than two words is
// kept whole.
func SearchText(question string) string {
	q := strings.TrimSpace(question)
	if loc := rolePreamble.FindStringIndex(q); loc != nil && len(strings.Fields(q[loc[1]:])) >= 2 {
		q = q[loc[1]:]
	}
	head := StripInstructions(q)
	tail := q[len(head):]
	for {
		loc := example.FindStringIndex(tail)
		if loc == nil {
			break
		}
		rest := ""
		if end := sentenceEnd.FindStringIndex(tail[loc[1]:]); end != nil {
			rest = tail[loc[1]+end[1]-1:]
		}
		tail = tail[:loc[0]] + " " + rest
	}
	out := dropWords(unitAside.ReplaceAllString(head, ""), requestWords, false)
	if extra := KeyWords(dropWords(dropWords(tail, requestWords, true), formatWords, true)); extra != "" {
		out += " " + extra
	}
	if len(strings.Fields(out)) < 2 {
		return strings.TrimSpace(question)
	}
	return out
}

// dropWords removes the words of s in drop, and any number when numbers
// is set, keeping its other words and its sentence ends in order.
func dropWords(s string, drop map[string]bool, numbers bool) string {
	var out []string
	for _, w := range strings.Fields(s) {
		core := strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
		if drop[core] || (numbers && len([]rune(core)) < 2) || (numbers && strings.IndexFunc(core, unicode.IsDigit) >= 0) {
			end := w
			if i := strings.LastIndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }); i >= 0 {
				_, n := utf8.DecodeRuneInString(w[i:])
				end = w[i+n:]
			}
			if strings.ContainsAny(end, "?.!:") {
				out = append(out, end) // keep the sentence's end
			}
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// WithoutSourceNames drops from q the words that name the document the
// question is asked of rather than what it asks ("as reported in their
// latest 10-Q", "according to this paper", "in the annual report"): every
// page of a filing's boilerplate ("I have reviewed this quarterly report
// on Form 10-Q") holds them, and a sentence that matches them answers
// nothing. The period the phrase names ("the Q3 2022 10-Q") stays.
func WithoutSourceNames(q string) string {
	q = reSourceRef.ReplaceAllString(q, " ")
	return reFormRef.ReplaceAllString(q, " ")
}

var (
	// reSourceRef is a document named after a preposition: "in this
	// report", "according to the paper", "from the user guide".
	// The document may be named by its title ("according to the Free
	// Culture book"): capitalised words before the noun.
	reSourceRef = lazyre.New(`(?i)\b(?:in|from|per|of|according to|within|on|by)\s+(?:the|this|that|its|their|our|his|her)\s+(?:(?:latest|most recent|recent|current|last|whole|entire|same|user|quarterly|annual)\s+)*(?:(?-i:\p{Lu})[\pL\pN.&'’-]*\s+){0,6}(?:report|paper|article|document|guidebook|guide|manual|handbook|brochure|filing|presentation|slides?|book|textbook|thesis|study|survey|summary|memorandum|review)\b`)
	// reFormRef is a filing named by its form: "their latest 10-Q", "the
	// annual report on Form 10-K".
	reFormRef = lazyre.New(`(?i)\b(?:(?:the|this|its|their|latest|most recent|recent|quarterly|annual)\s+)*(?:reports? on\s+)?(?:form\s+)?\d{1,2}-?[QK]\b(?:\s+(?:filing|report))?`)
)
