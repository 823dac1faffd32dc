package document

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"docqa/internal/doc"
	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// Labels is a question that asks how many things of a kind the document
// names by their labels: "How many Exhibits are mentioned in the
// document?" counts Exhibit P-1, P-10 and D-2 once each, however often
// each is named, and "Exhibits P-10 and P-11" names two.
type Labels struct {
	Kind  string // the kind, as the question writes it
	Pages bool   // the question asks how many pages hold one: "How many pages contain tables?"
	re    *regexp.Regexp
	par   base.Params // the numbers it is read with
}

// reLabelsQ asks how many labelled things of a kind a document names.
var reLabelsQ = lazyre.New(`(?i)^\s*how\s+many\s+(?:distinct\s+|different\s+|unique\s+|separate\s+)?(exhibits|tables|figures|appendices|appendixes|annexes|annexures|schedules|attachments|footnotes|equations|sections|chapters|clauses|articles|regulations|forms)\s+(?:(?:are|were|have\s+been)\s+(?:mentioned|cited|referenced|referred\s+to|named|listed)|(?:are|were)\s+(?:there\s+)?(?:in|included\s+in|provided\s+in|presented\s+in|shown\s+in|contained\s+in)\s+(?:the|this|pages?)|(?:does|do)\s+(?:the|this)\s+` + docWord + `\s+(?:have|contain|include|present))\b`)

// reKindPagesQ asks how many pages hold a labelled thing of a kind: "How
// many pages contain tables?" A page holds one where its label heads a
// line, its caption.
var reKindPagesQ = lazyre.New(`(?i)^\s*how\s+many\s+pages\s+(?:of\s+(?:the|this)\s+` + docWord + `\s+)?(?:contain|include|have|hold|show|present)s?\s+(?:an?\s+|any\s+|at\s+least\s+one\s+)?(tables?|figures?|exhibits?)\s*[?.]?\s*$`)

// docWord is the words a question calls a document by.
const docWord = `(?:document|paper|report|article|manual|book|file|pdf|brochure|guide|handbook|filing|study)`

// labelID is a thing's label after its kind: "P-10", "3", "4.2", "A1",
// "II".
const labelID = `(?:[A-Z]{0,2}[-.]?\s?\d{1,3}(?:[.-]\d{1,3})*[a-z]?|[IVXL]{1,6})\b`

// ParseLabels reads a question that asks how many labelled things of a
// kind the document names, to be read with par; ok is false for any
// other.
func ParseLabels(q *inquiry.Question, par base.Params) (Labels, bool) {
	m := reLabelsQ.FindStringSubmatch(q.Text)
	pages := false
	if m == nil {
		if m = reKindPagesQ.FindStringSubmatch(q.Lead); m == nil {
			return Labels{}, false
		}
		pages = true
	}
	kind := strings.ToLower(m[1])
	if !strings.HasSuffix(kind, "s") {
		kind += "s"
	}
	stem := strings.TrimSuffix(kind, "s")
	switch {
	case strings.HasSuffix(kind, "ices"):
		stem = strings.TrimSuffix(kind, "ices") + "(?:ix|ices)"
	case strings.HasSuffix(kind, "xes"):
		stem = strings.TrimSuffix(kind, "es") + "(?:es)?"
	default:
		stem += "s?"
	}
	// a label's kind is written with a capital ("Table 3", "TABLE 3"):
	// "claims per table 7.11" is a row of figures
	stem = `(?:` + strings.ToUpper(stem[:1]) + stem[1:] + `|` + strings.ToUpper(stem) + `)`
	return Labels{Kind: kind, Pages: pages, re: regexp.MustCompile(`\b` + stem + `\.?\s+(` + labelID + `(?:(?:\s*,\s*|\s+and\s+|\s*&\s*)` + labelID + `)*)`), par: par}, true
}

// reLabel is one label of a run of them.
var reLabel = lazyre.New(labelID)

// Read counts the labels of l's kind that pages, every page of one
// document in order, name; ok is false when they name none.
func (l Labels) Read(pages []base.Source) (base.Reading, bool) {
	if l.Pages {
		return l.readPages(pages)
	}
	var labels []string
	first := map[string]base.Quote{}   // the line that first names each label
	heading := map[string]base.Quote{} // the first line a label opens: its caption ("Table 3: ...")
	for _, s := range pages {
		for _, run := range l.re.FindAllStringSubmatchIndex(s.Text, -1) {
			q := base.Quote{Text: sentences.OneLine(sentences.LineAt(s.Text, run[0])), Doc: s.Doc, Page: s.Page}
			for k, id := range reLabel.FindAllString(s.Text[run[2]:run[3]], -1) {
				id = strings.Join(strings.Fields(id), "")
				if _, ok := first[id]; !ok {
					first[id] = q
					labels = append(labels, id)
				}
				if _, ok := heading[id]; !ok && k == 0 && startsLine(s.Text, run[0]) {
					heading[id] = q
				}
			}
		}
	}
	if len(labels) == 0 {
		return base.Reading{}, false
	}
	var r base.Reading
	quoted := map[base.Quote]bool{}
	for _, id := range labels {
		q, ok := heading[id]
		if !ok {
			q = first[id]
		}
		if len(r.Quotes) < l.par.MaxMentionQuotes && !quoted[q] {
			quoted[q] = true
			r.Quotes = append(r.Quotes, q)
		}
	}
	r.Answer = fmt.Sprintf("%d (%s)", len(labels), strings.Join(labels, ", "))
	r.Explanation = fmt.Sprintf("Extractive answer (no language model): the document's %d pages name %d distinct %s by label, in the order first named; the line each label heads (its caption), else the line first naming it, is quoted (%d at most).",
		len(pages), len(labels), strings.ToLower(l.Kind), l.par.MaxMentionQuotes)
	return r, true
}

// readPages counts the pages that hold a caption of l's kind, a line its
// label heads; ok is false when none does.
func (l Labels) readPages(pages []base.Source) (base.Reading, bool) {
	var r base.Reading
	var on []string
	for _, s := range pages {
		if s.Cut {
			continue
		}
		for _, b := range s.Structure.Blocks {
			if b.Kind != doc.Caption || !l.captions(b.Mark) {
				continue
			}
			on = append(on, strconv.Itoa(s.Page))
			if len(r.Quotes) < l.par.MaxMentionQuotes {
				r.Quotes = append(r.Quotes, base.Quote{Text: sentences.OneLine(sentences.LineAt(s.Text, b.Start)), Doc: s.Doc, Page: s.Page})
			}
			break
		}
	}
	if len(on) == 0 {
		return base.Reading{}, false
	}
	r.Answer = fmt.Sprintf("%d (pages %s)", len(on), strings.Join(on, ", "))
	r.Explanation = fmt.Sprintf("Extractive answer (no language model): %d of the document's %d pages hold the caption of one of its %s (a line its label heads); each page's first is quoted (%d at most).",
		len(on), len(pages), l.Kind, l.par.MaxMentionQuotes)
	return r, true
}

// captions reports whether a caption's label (its block's mark: "Table
// 3", "FIGURE 2-1", "Fig. 4") is of l's kind.
func (l Labels) captions(mark string) bool {
	kind := strings.TrimSuffix(l.Kind, "s")
	word := strings.ToLower(strings.Fields(mark + " ")[0])
	return word == kind || kind == "figure" && word == "fig."
}

// PageCount is a question that asks how many pages the document has.
type PageCount struct{}

// rePageCountQ asks how many pages the document has.
var rePageCountQ = lazyre.New(`(?i)^\s*how\s+many\s+pages\s+(?:(?:does|do)\s+` + theDoc + `\s+(?:have|has|contain|consist\s+of|run\s+to)|(?:is|are)\s+(?:there\s+in\s+)?` + theDoc + `(?:\s+long)?|(?:are\s+)?(?:there\s+)?in\s+` + theDoc + `(?:\s+in\s+total)?)\s*[?.]?\s*$`)

// theDoc is "the document", "this file", "the attached PDF".
const theDoc = `(?:the|this)\s+(?:(?:attached|uploaded|whole|entire)\s+)?` + docWord

// ParsePageCount reads a question that asks how many pages the document
// has; ok is false for any other.
func ParsePageCount(q *inquiry.Question) (PageCount, bool) {
	return PageCount{}, rePageCountQ.MatchString(q.Lead)
}

// Read counts pages, every page of one document in order, and quotes the
// first line of the last; ok is false when there are none or the last
// has no text.
func (PageCount) Read(pages []base.Source) (base.Reading, bool) {
	if len(pages) == 0 {
		return base.Reading{}, false
	}
	last := pages[len(pages)-1]
	var line string
	for _, l := range strings.Split(last.Text, "\n") {
		if line = sentences.OneLine(l); line != "" {
			break
		}
	}
	if line == "" {
		return base.Reading{}, false
	}
	return base.Reading{
		Answer:      strconv.Itoa(len(pages)),
		Quotes:      []base.Quote{{Text: line, Doc: last.Doc, Page: last.Page}},
		Explanation: fmt.Sprintf("Extractive answer (no language model): the document has %d pages; the first line of the last is quoted.", len(pages)),
	}, true
}

func TakeLabels(q *inquiry.Question, par base.Params) (base.ReadPages, string) {
	return base.CountTake(q, func(q *inquiry.Question) (base.ReadPages, bool) {
		l, ok := ParseLabels(q, par)
		return l.Read, ok
	})
}

func TakePageCount(q *inquiry.Question, par base.Params) (base.ReadPages, string) {
	return base.CountTake(q, func(q *inquiry.Question) (base.ReadPages, bool) {
		c, ok := ParsePageCount(q)
		return c.Read, ok
	})
}
