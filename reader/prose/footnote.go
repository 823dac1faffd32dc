package prose

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/sentences"
	"fmt"
	"regexp"
	"strings"

	"docqa/internal/lazyre"
)

// "Which case is related to the statement that "PIC also never determined
// if Hanson's qualified immunity defense would overcome her conflicts of
// interest."?" is answered by the note the statement's marker points to:
// the statement ends "... conflicts of interest. FN54", and the note reads
// "FN54. Wong v. Allison, 208 F.3d 224, 2000 WL 206572". A paper's
// bracketed reference ("... as retrieval granularity [12].") points to
// its entry in the references, "[12] ...".

// Footnote is a question that asks what a quoted statement cites.
type Footnote struct {
	statement string      // the statement, one line
	par       base.Params // the numbers it is read with
}

var (
	// reCitesQ asks for the source of a statement.
	reCitesQ = lazyre.New(`(?i)\b(?:which|what)\s+(?:case|cases|source|paper|reference|work|citation|footnote|note|article|study|authority|ruling|decision)\b`)
	// reQuoted is a quoted statement of five words or more.
	reQuoted = lazyre.New(`["“]([^"“”]*(?:\s[^"“”\s]+){4,})["”]`)
	// reNoteMarker is a note's marker after a statement: "FN54", "[12]",
	// "[3, 7]".
	reNoteMarker = lazyre.New(`^\s*(FN\d{1,3}|\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\])`)
)

// ParseFootnote reads a question that asks what a quoted statement
// cites, to be read with par; ok is false for any other.
func ParseFootnote(q *inquiry.Question, par base.Params) (Footnote, bool) {
	m := reQuoted.FindStringSubmatch(q.Text)
	if m == nil || !reCitesQ.MatchString(q.Text) {
		return Footnote{}, false
	}
	return Footnote{statement: sentences.OneLine(strings.TrimRight(strings.TrimSpace(m[1]), ".?!")), par: par}, true
}

// Read answers f from sources: the statement found word for word (case
// and spacing aside), the marker right after it, and the note that marker
// opens; ok is false when any is missing.
func (f Footnote) Read(sources []base.Source) (base.Reading, bool) {
	for _, s := range sources {
		flat := sentences.OneLine(s.Text)
		at := strings.Index(strings.ToLower(flat), strings.ToLower(f.statement))
		if at < 0 {
			continue
		}
		end := at + len(f.statement)
		rest := strings.TrimLeft(flat[end:], ".?!,;:\"”’) ")
		m := reNoteMarker.FindStringSubmatch(rest)
		if m == nil {
			continue
		}
		note, ns, ok := findNote(sources, m[1], f.par)
		if !ok {
			return base.Reading{}, false
		}
		statement := flat[at:end] + flat[end:end+strings.Index(flat[end:], m[1])+len(m[1])]
		return base.Reading{
			Answer: note,
			Quotes: []base.Quote{
				{Text: statement, Doc: s.Doc, Page: s.Page},
				{Text: note, Doc: ns.Doc, Page: ns.Page},
			},
			Explanation: fmt.Sprintf("Extractive answer (no language model): the statement on p. %d of %s is marked %s, and the note %s on p. %d reads so.", s.Page, s.Doc, m[1], m[1], ns.Page),
		}, true
	}
	return base.Reading{}, false
}

// findNote returns the note marker opens, one line, from the first
// source that begins a line with it ("FN54. Wong v. Allison, ...", "[12]
// Lan, T. ..."), running on over [base.Params.MaxNoteLines] lines until one ends a
// sentence; ok is false when none does.
func findNote(sources []base.Source, marker string, par base.Params) (string, base.Source, bool) {
	open := regexp.MustCompile(`^\s*` + regexp.QuoteMeta(marker) + `\.?\s+\S`)
	for _, s := range sources {
		lines := strings.Split(s.Text, "\n")
		for i, l := range lines {
			if !open.MatchString(l) {
				continue
			}
			note := strings.TrimSpace(l)
			for j := i + 1; j < len(lines) && j <= i+par.MaxNoteLines && !sentences.Ended(note); j++ {
				if reNoteMarker.MatchString(lines[j]) || strings.TrimSpace(lines[j]) == "" {
					break
				}
				note += " " + strings.TrimSpace(lines[j])
			}
			return sentences.OneLine(note), s, true
		}
	}
	return "", base.Source{}, false
}

func ReadFootnoteOf(q *inquiry.Question, in *sentences.Context) base.Outcome {
	f, ok := ParseFootnote(q, in.Par())
	if !ok {
		return base.Declined(base.NotAsked)
	}
	return base.Answered(f.Read(in.P.Sources))
}

func TakeFootnote(q *inquiry.Question, par base.Params) (base.ReadPages, string) {
	return base.TakeParsed(q, func(q *inquiry.Question) (base.ReadPages, bool) {
		f, ok := ParseFootnote(q, par)
		return f.Read, ok
	})
}
