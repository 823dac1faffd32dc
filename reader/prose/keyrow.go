package prose

import (
	"fmt"
	"strings"
	"unicode"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// A question may name a row of a list or table by its key: "What are the
// error descriptions corresponding to error numbers 88 and 188?", "What's
// the geographic market name for EPS Code AR01?". Manuals list error and
// fault codes a row each ("88 Boiler: over-temperature"), and directories
// list names with their codes ("1. Little Rock AR01"); the answer is the
// rest of the row. Its words need not match the question's at all, so
// the sentence scores miss it: the key finds it.

// reKeyQ is a key noun and the keys after it: "error numbers 88 and
// 188", "EPS Code AR01", "fault code E5". A key is a number or a short
// code with digits.
var reKeyQ = lazyre.New(`(?i)\b(?:error|fault|alarm|warning|status|message|code)s?(?:\s+(?:numbers?|codes?|no\.?|#))?\s+(` + keyPattern + `(?:\s*(?:,|and|&|or)\s*` + keyPattern + `)*)\b`)

const keyPattern = `[A-Z]{0,4}-?\d{1,6}[A-Z]?`

var reKey = lazyre.New(`(?i)` + keyPattern)

// rowKeys returns the keys question q names rows by, or nil. A question
// that asks for a number, a date or an address besides the keys ("How
// many error codes ...") asks for no row.
func rowKeys(q *inquiry.Question) []string {
	loc := reKeyQ.FindStringSubmatchIndex(q.Text)
	if loc == nil || sentences.QuestionKind(q.Text[:loc[0]]+" "+q.Text[loc[1]:]) != sentences.KindAny {
		return nil
	}
	return reKey.FindAllString(q.Text[loc[2]:loc[3]], -1)
}

// KeyRow returns the sentence that is key's row, and the row without its
// key; ok is false when no sentence of the pool is. A row holds the key
// as its first word (after a list number or bullet) or its last, and
// words besides. Of several, the one whose page and neighbours hold most
// of the question's weighted terms w is taken, the earlier on a tie.
func KeyRow(p *sentences.Pool, key string, w map[string]float64, total float64) (int, string, bool) {
	best, value, bestCover := -1, "", -1.0
	for i, c := range p.Sents {
		if c.Running || c.Folio || c.Leader {
			continue
		}
		v, ok := rowValue(sentences.SentText(p, i), key)
		if !ok {
			continue
		}
		if cv := p.Cover(i, w, total); cv > bestCover {
			best, value, bestCover = i, v, cv
		}
	}
	return best, value, best >= 0
}

// rowValue returns row s without its key when key is its first or last
// word, and what is left holds a letter.
func rowValue(s, key string) (string, bool) {
	words := strings.Fields(s)
	if len(words) > 0 && (reListMark.MatchString(words[0])) {
		words = words[1:]
	}
	if len(words) < 2 {
		return "", false
	}
	trim := func(w string) string { return strings.TrimRight(w, ":.,;)") }
	var rest []string
	switch {
	case strings.EqualFold(trim(words[0]), key):
		rest = words[1:]
	case strings.EqualFold(trim(words[len(words)-1]), key):
		rest = words[:len(words)-1]
	default:
		return "", false
	}
	v := strings.Join(rest, " ")
	if strings.IndexFunc(v, unicode.IsLetter) < 0 {
		return "", false
	}
	return strings.Trim(v, " -–:"), true
}

// reListMark is a list's number or bullet before a row: "1.", "•".
var reListMark = lazyre.New(`^(?:\d{1,3}[.)]|[•▪*–-])$`)

// ReadKeyed answers a question that names rows by their keys with each
// row's text, every row quoted; ok is false unless every key has a row.
func ReadKeyed(p *sentences.Pool, keys []string, w map[string]float64, total float64) (base.Reading, bool) {
	var r base.Reading
	var answers, where []string
	for _, k := range keys {
		i, v, ok := KeyRow(p, k, w, total)
		if !ok {
			return base.Reading{}, false
		}
		c := p.Sents[i]
		src := p.Sources[c.Src]
		r.Quotes = append(r.Quotes, base.Quote{Text: sentences.OneLine(sentences.SentText(p, i)), Doc: src.Doc, Page: src.Page})
		if len(keys) > 1 {
			v = k + ": " + v
		}
		answers = append(answers, v)
		where = append(where, fmt.Sprintf("%s on p. %d of %s", k, src.Page, src.Doc))
	}
	r.Answer = strings.Join(answers, "; ")
	r.Explanation = fmt.Sprintf("Extractive answer (no language model): the row of each key the question names (%s), without its key.", strings.Join(where, "; "))
	return r, true
}

func ReadKeyedOf(q *inquiry.Question, in *sentences.Context) base.Outcome {
	keys := rowKeys(q)
	if keys == nil {
		return base.Declined(base.NotAsked)
	}
	return base.Answered(ReadKeyed(in.P, keys, in.W, in.Total))
}
