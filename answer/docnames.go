package answer

import (
	"slices"
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/internal/terms"
	"docqa/reader"
	"docqa/search"
)

// The documents a question means: those it names by words of their file
// names before a word for a document ("the tracemonkey paper"), and
// those it matches about equally when it names none.

// WhichDocumentCheck is the Check of a question about one document's
// pages (how many it has, how often it names a thing) asked of several
// documents, none named.
const WhichDocumentCheck = "which-document"

// maxCandidates is how many documents a question about "the document"
// is said to match at most; candidateRank is how far down the ranking
// they are looked for; candidateShare is the least share of the best
// document's score another's best page must reach to be one (chat's
// measure of documents matched about equally).
const (
	maxCandidates  = 5
	candidateRank  = 10
	candidateShare = 0.85
)

// candidateDocs returns the documents whose best page among the first of
// ranked scores about as well as the best page, best first: the
// documents a question may mean when it names none. One when a document
// stands ahead.
func candidateDocs(ranked []search.PageHit) []string {
	var out []string
	for _, h := range ranked[:min(len(ranked), candidateRank)] {
		if h.Score < candidateShare*ranked[0].Score {
			continue
		}
		if !slices.Contains(out, h.Doc) && len(out) < maxCandidates {
			out = append(out, h.Doc)
		}
	}
	return out
}

// reTitled is a document named as people name one: up to four words
// before a word for a document ("the tracemonkey paper", "the Qwen2
// technical report", "the AE-300 handbook").
var reTitled = lazyre.New(`(?i)((?:[\p{L}\p{N}][\p{L}\p{N}'’._-]*\s+){1,4})((?:paper|report|document|manual|handbook|guide|guidebook|brochure|filing|10-k|10-q|book|article|study|pdf|file|datasheet|sheet|form|bulletin|proposal|publication)s?)\b`)

// TitledDocs returns the documents of docs that q names alike by words of
// their file names before a word for a document ("the AE-300 document":
// ae300-handbook.pdf and ae300-service-bulletin.pdf), when it names more
// than one so; nil otherwise.
func TitledDocs(q string, docs []string) []string {
	if d, _ := titledDoc(q, docs); len(d) > 1 {
		return d
	}
	return nil
}

// namePhrase returns the words of phrase that may name a document: those
// after its last word of grammar, as a name follows its article ("of the
// tracemonkey" gives "tracemonkey"; "pages does the" gives "").
func namePhrase(phrase string) string {
	ws := strings.Fields(phrase)
	for i := len(ws) - 1; i >= 0; i-- {
		if terms.Stop(strings.ToLower(ws[i])) {
			return strings.Join(ws[i+1:], " ")
		}
	}
	return strings.Join(ws, " ")
}

// titledDoc returns the document of docs that a question names by words
// of its file name standing before a word for a document, where no other
// document's name holds as many of them; the documents named alike when
// several hold as many; nil when none does.
// Words anywhere else in the question bind nothing: over the dev sets'
// whole indexes, binding by any shared file-name word of four letters
// or more lost 2 MMLongBench answers and page hit@5 0.744 -> 0.671
// ("graduate" of a brochure's file name in a question about college
// graduates).
//
// name is the words that named the one document, which the readers need
// not read once it is in scope ("tracemonkey").
func titledDoc(q string, docs []string) (named []string, name string) {
	matches := reTitled.FindAllStringSubmatch(q, -1)
	if len(docs) < 2 || len(matches) == 0 {
		return nil, ""
	}
	long := func(t string) bool { return len(t) >= 3 }
	names := make([][]string, len(docs)) // each document's file-name words, read once
	for i, d := range docs {
		names[i] = terms.OfName(d)
	}
	for _, m := range matches {
		// the names sharing a word before the document word; of those,
		// the one sharing most with the whole phrase ("handbook" tells
		// ae300-handbook.pdf from ae300-service-bulletin.pdf)
		phrase := namePhrase(m[1])
		if phrase == "" {
			continue // "how many pages does the document have": no name
		}
		before, whole := askedTerms(phrase, long), askedTerms(phrase+" "+m[2], long)
		var best []int
		most := 0
		for i := range docs {
			if sharedTerms(before, names[i]) == 0 {
				continue
			}
			switch n := sharedTerms(whole, names[i]); {
			case n > most:
				best, most = []int{i}, n
			case n == most:
				best = append(best, i)
			}
		}
		switch {
		case len(best) == 1:
			return []string{docs[best[0]]}, nameWords(phrase, names[best[0]], long)
		case len(best) > 1:
			// named alike ("the AE-300 document": the handbook and the
			// bulletin): searched in those, as --doc twice would
			out := make([]string, len(best))
			for k, i := range best {
				out[k] = docs[i]
			}
			return out, ""
		}
	}
	return nil, ""
}

// nameWords is the run of words of phrase, from its first that a file
// name's words (name) hold to its end: "the tracemonkey" gives
// "tracemonkey", "the Qwen2 technical" gives "Qwen2 technical".
func nameWords(phrase string, name []string, count func(string) bool) string {
	ws := strings.Fields(phrase)
	for i, w := range ws {
		if sharedTerms(askedTerms(w, count), name) > 0 {
			return strings.Join(ws[i:], " ")
		}
	}
	return ""
}

// namedAmong returns, of docs, the one whose file name shares the most
// words with the question, when one does alone ("the Qwen2 technical
// report": qwen2_technical_report.pdf, three, against a
// ca_warn_report.pdf's one), else docs.
func namedAmong(q string, docs []string) []string {
	asked := askedTerms(q, func(string) bool { return true })
	best, most, tie := "", 0, false
	for _, d := range docs {
		switch n := sharedTerms(asked, terms.OfName(d)); {
		case n > most:
			best, most, tie = d, n, false
		case n == most:
			tie = true
		}
	}
	if most > 0 && !tie {
		return []string{best}
	}
	return docs
}

// askedTerms is the set of q's terms that count.
func askedTerms(q string, count func(term string) bool) map[string]bool {
	asked := map[string]bool{}
	for _, t := range terms.Of(q) {
		if count(t) {
			asked[t] = true
		}
	}
	return asked
}

// sharedTerms counts the terms of a file name that asked holds.
func sharedTerms(asked map[string]bool, name []string) int {
	n := 0
	for _, t := range name {
		if asked[t] {
			n++
		}
	}
	return n
}

// AsksOfOneDocument reports whether q asks about one document as a whole
// ("How many pages does the document have?"), which a reader of whole
// documents answers: chat offers the documents that fit it best when
// several are indexed and none is named.
func AsksOfOneDocument(q string, req Request) bool {
	m, _, ok := reader.Pick(inquiry.Parse(strings.TrimSpace(inquiry.Clean(q)), req.Options, req.Metrics), req.readerParams(), reader.Document)
	return ok && m.OfWhole()
}
