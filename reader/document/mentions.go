package document

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// "How many times does Exhibit P-10 appear in the document?", "On which
// pages is the torque wrench mentioned?": how often, or where, a document
// names something is counted over all its pages, which no sentence
// states. The caller hands over every page of the document; the answer
// counts the mentions of the thing named, word for word, and lists the
// pages, the line of each page's first mention quoted.

// Mentions is what a question asks of the mentions of a thing.
type Mentions struct {
	Term  string // the thing named, as the question writes it
	Pages bool   // the question asks on which pages, not how many times
	Count bool   // ... or how many pages
	re    *regexp.Regexp
	par   base.Params // the numbers it is read with
}

// mentionVerb is the words that ask where a thing is named.
const mentionVerb = `(?:mentioned|mention|mentions|appear|appears|appeared|occur|occurs|occurred|cited|cites|referred\s+to|refers\s+to|named|found)`

var (
	// reMentionTimes: "How many times does Exhibit P-10 mentioned in
	// the document?", "How many times is the word 'risk' used?"; "used"
	// and "listed" ask of mentions only of a word, a term, a phrase or a
	// name ("How many times was the drug used?" asks how often it was
	// given)
	reMentionTimes = lazyre.New(`(?i)^\s*how\s+many\s+times\s+(?:does|do|did|is|are|was|were|has|have)\s+(?:(?:the\s+(?:word|term|phrase|name)\s+)?(.+?)\s+(?:get\s+|being\s+|been\s+)?` + mentionVerb + `|the\s+(?:word|term|phrase|name)\s+(.+?)\s+(?:get\s+|being\s+|been\s+)?(?:used|listed))\b`)
	// reMentionPages: "On which pages is X mentioned?", "What pages does
	// X appear on?"
	reMentionPages = lazyre.New(`(?i)^\s*(?:on\s+|in\s+)?(?:which|what)\s+pages?\s+(?:does|do|did|is|are|was|were)\s+(?:the\s+(?:word|term|phrase|name)\s+)?(.+?)\s+(?:get\s+|being\s+)?` + mentionVerb + `\b`)
	// reMentionList: "List all the pages that mention X", "How many
	// pages mention X?", "Which pages refer to X?"
	reMentionList = lazyre.New(`(?i)^\s*(?:list\s+(?:all\s+)?(?:the\s+)?|(?:which|what)\s+|how\s+many\s+)pages\s+(?:that\s+|which\s+)?(?:mention|mentions|cite|cites|refer\s+to|refers\s+to|name|names|contain|contains)\s+(?:the\s+(?:word|term|phrase|name)\s+)?(.+?)\s*[?.]?\s*$`)
	// reAsksPages: an instruction to list the pages: "List all pages".
	reAsksPages = lazyre.New(`(?i)\blist\s+(?:all\s+)?(?:the\s+)?pages\b|\bwhich\s+pages\b`)
	// reArticle is an article before the thing named: the document may
	// name it with another.
	reArticle = lazyre.New(`(?i)^(?:the|a|an)\s+`)
	// reDocTail is the document the question speaks of, after the thing
	// named: "in the document", "in this report".
	reDocTail = lazyre.New(`(?i)\s+(?:in|within|throughout|across)\s+(?:the|this|that)\s+(?:whole\s+|entire\s+)?(?:` + docWord + `|text)\s*$`)
)

// ParseMentions reads a question that asks how often or where a document
// names a thing; ok is false for any other, or when the thing named is
// no more than a word of two letters. It is read with par.
func ParseMentions(q *inquiry.Question, par base.Params) (Mentions, bool) {
	m, ok := parseMentions(q)
	m.par = par
	return m, ok
}

// parseMentions is [ParseMentions] but for the numbers it is read with.
func parseMentions(question *inquiry.Question) (Mentions, bool) {
	q := question.Text
	if m, ok := parseCited(question); ok {
		return m, true
	}
	var m Mentions
	switch {
	case reMentionTimes.MatchString(q):
		g := reMentionTimes.FindStringSubmatch(q)
		m.Term = g[1] + g[2]
		m.Pages = reAsksPages.MatchString(q)
	case reMentionPages.MatchString(q):
		m.Term, m.Pages = reMentionPages.FindStringSubmatch(q)[1], true
	case reMentionList.MatchString(question.Lead):
		m.Term = reMentionList.FindStringSubmatch(question.Lead)[1]
		m.Pages = true
		m.Count = strings.HasPrefix(strings.ToLower(strings.TrimSpace(q)), "how")
	default:
		return Mentions{}, false
	}
	m.Term = strings.TrimSpace(reDocTail.ReplaceAllString(m.Term, ""))
	m.Term = strings.Trim(reArticle.ReplaceAllString(m.Term, ""), `"'“”‘’`)
	if len(strings.TrimSpace(m.Term)) < 3 || strings.ContainsAny(m.Term, "?") {
		return Mentions{}, false
	}
	words := strings.Fields(m.Term)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
		if r, _ := utf8.DecodeLastRuneInString(w); unicode.IsLetter(r) {
			words[i] += `(?:s|es)?` // "Exhibits P-10 and P-11"
		}
	}
	// whole words, any spacing between them: "Exhibit P-10" is not
	// "Exhibit P-100"
	re, err := regexp.Compile(`(?i)(?:^|[^\pL\pN-])(` + strings.Join(words, `\s+`) + `)(?:$|[^\pL\pN-])`)
	if err != nil { // not UTF-8
		return Mentions{}, false
	}
	m.re = re
	return m, true
}

// Read counts the mentions of m's thing in pages, every page of one
// document in order; ok is false when none names it.
func (m Mentions) Read(pages []base.Source) (base.Reading, bool) {
	var r base.Reading
	var on []string
	times := 0
	for _, s := range pages {
		locs := m.re.FindAllStringSubmatchIndex(s.Text, -1)
		if len(locs) == 0 {
			continue
		}
		times += len(locs)
		on = append(on, strconv.Itoa(s.Page))
		if len(r.Quotes) < m.par.MaxMentionQuotes {
			r.Quotes = append(r.Quotes, base.Quote{Text: sentences.OneLine(sentences.LineAt(s.Text, locs[0][2])), Doc: s.Doc, Page: s.Page})
		}
	}
	if times == 0 {
		return base.Reading{}, false
	}
	where := "page " + on[0]
	if len(on) > 1 {
		where = "pages " + strings.Join(on, ", ")
	}
	switch {
	case m.Count:
		r.Answer = fmt.Sprintf("%d (%s)", len(on), where)
	case m.Pages:
		r.Answer = fmt.Sprintf("%s (%s)", strings.Join(on, ", "), plural(times, "mention"))
	default:
		r.Answer = fmt.Sprintf("%d (%s)", times, where)
	}
	quoted := "each page's first mention quoted"
	if len(on) > m.par.MaxMentionQuotes {
		quoted = fmt.Sprintf("the first mention on each of the first %d pages quoted", m.par.MaxMentionQuotes)
	}
	r.Explanation = fmt.Sprintf("Extractive answer (no language model): %q is named %s on %d of the document's %d pages (%s), %s.",
		m.Term, plural(times, "time"), len(on), len(pages), where, quoted)
	return r, true
}

// plural is n and noun, the noun plural unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// startsLine reports whether byte i of text begins its line, but for
// spaces.
func startsLine(text string, i int) bool {
	return strings.TrimSpace(text[strings.LastIndexByte(text[:i], '\n')+1:i]) == ""
}

var (
	// reCitedQ asks how often a work is cited: "For the paper by Long
	// Ouyang published in 2022, how many times has it been cited?"
	reCitedQ = lazyre.New(`(?i)\bhow\s+many\s+times\b.*\b(?:cited|cites|referenced|citations?)\b|\b(?:cited|referenced)\b.*\bhow\s+many\s+times\b`)
	// reCitedBy names a work by its author: "the paper by Long Ouyang",
	// "Ouyang et al."; the last word is the surname.
	reCitedBy = lazyre.New(`\bby\s+((?:\p{Lu}[\pL'’-]*\.?\s+){0,3}\p{Lu}[\pL'’-]+)|(\p{Lu}[\pL'’-]+)\s+et\s+al\b`)
)

// parseCited reads a question (its Text) that asks how often the document cites a
// work named by its author and year: the mentions counted are citations
// in the author-year style, "Ouyang et al., 2022", "Ouyang et al.
// (2022)", "Stiennon and Ouyang, 2022", not the reference list's entry.
func parseCited(q *inquiry.Question) (Mentions, bool) {
	year := sentences.ReYearQ.FindString(q.Text)
	by := reCitedBy.FindStringSubmatch(q.Text)
	if !reCitedQ.MatchString(q.Text) || year == "" || by == nil {
		return Mentions{}, false
	}
	name := strings.Fields(by[1] + by[2])
	surname := name[len(name)-1]
	re, err := regexp.Compile(`\b(` + regexp.QuoteMeta(surname) + `(?:\s+(?:et\s+al\.?|and\s+\p{Lu}[\pL'’-]+|&\s+\p{Lu}[\pL'’-]+))?[\s,]*\(?` + year + `[a-z]?)\b`)
	if err != nil {
		return Mentions{}, false
	}
	return Mentions{Term: surname + " (" + year + ")", re: re}, true
}

func TakeMentions(q *inquiry.Question, par base.Params) (base.ReadPages, string) {
	return base.CountTake(q, func(q *inquiry.Question) (base.ReadPages, bool) {
		m, ok := ParseMentions(q, par)
		return m.Read, ok
	})
}
