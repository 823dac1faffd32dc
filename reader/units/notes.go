package units

import (
	"fmt"
	"strconv"
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/internal/segment"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// A question about a note ("what link does its footnote give?") is
// answered by following a marker to its note: of the sentences that
// carry a note's marker (of the note the question numbers, when it
// does: "footnote 2"), the one that, with its note, holds the most of
// the question's weighted terms ([base.Params.MinNote] at least) answers with
// its note's text.

// reNoteNumber names a note by its number: "footnote 2", "note 14".
var reNoteNumber = lazyre.New(`(?i)\b(?:foot|end)?\s?notes?\s+(\d{1,3})\b`)

// reNoteAsk names what a note gives: the note itself, a link, a source.
var reNoteAsk = lazyre.New(`(?i)\b(?:foot\s?notes?|end\s?notes?|notes?|links?|urls?|web\s?sites?|web\s?address(?:es)?|cites?|cited|citation)\b`)

func TakeNote(q *inquiry.Question, par base.Params) (base.ReadPages, string) {
	return base.TakeParsed(q, func(q *inquiry.Question) (base.ReadPages, bool) {
		if !reNoteAsk.MatchString(q.Asked) {
			return nil, false
		}
		return func(pages []base.Source) (base.Reading, bool) { return readNote(q, pages, par) }, true
	})
}

// readNote answers q with the note whose marked sentence matches q best;
// ok is false when none matches well enough, or two notes alike.
func readNote(q *inquiry.Question, pages []base.Source, p base.Params) (base.Reading, bool) {
	w, total := unitWeights(q.Asked, pages, p)
	if total == 0 {
		return base.Reading{}, false
	}
	number := 0 // the note the question names by its number, 0 for none
	if m := reNoteNumber.FindStringSubmatch(q.Asked); m != nil {
		number, _ = strconv.Atoi(m[1])
	}
	var best struct {
		src        base.Source
		sent, note string
		cover      float64
		tie        bool
	}
	for _, run := range docRuns(pages) {
		for i, text := range run.texts {
			bs := run.blocks[i]
			var sents []segment.Span // split once, on a page with markers only
			for _, m := range run.marks[i] {
				if sents == nil {
					sents = segment.Sentences(text)
				}
				var sent string
				for _, sp := range sents {
					if sp.Start <= m.At && m.At < sp.End {
						sent = text[sp.Start:sp.End]
						break
					}
				}
				if sent == "" {
					continue
				}
				nb := bs[m.Note]
				if number > 0 && nb.Num != number {
					continue
				}
				note := strings.TrimSpace(strings.TrimPrefix(nb.Text(text), nb.Mark))
				c := sentences.WeightOf(w, sent+"\n"+note) / total
				switch {
				case c > best.cover:
					best.src, best.sent, best.note, best.cover, best.tie = run.srcs[i], sent, note, c, false
				case c == best.cover && c > 0 && note != best.note:
					best.tie = true
				}
			}
		}
	}
	least := p.MinNote
	if number > 0 {
		least = 0 // the number names the note; its sentence need only bear on the question
	}
	if best.cover <= 0 || best.cover < least || best.tie || best.note == "" {
		return base.Reading{}, false
	}
	s := best.src
	note := sentences.OneLine(best.note)
	return base.Reading{
		Answer:      note,
		Explanation: fmt.Sprintf("The note marked in the sentence on p. %d of %s reads so.", s.Page, s.Doc),
		Quotes: []base.Quote{
			{Text: sentences.OneLine(best.sent), Doc: s.Doc, Page: s.Page},
			{Text: note, Doc: s.Doc, Page: s.Page},
		},
	}.Covering(best.cover), true
}
