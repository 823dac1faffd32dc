package units

import (
	"fmt"
	"slices"
	"strings"

	"docqa/internal/doc"
	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// A question about a thing's property ("What is the weight of the
// PX-200?", "What is FY?") is answered by a
// label/value line ingest read (a field, [doc.Field]: "Weight: 2.3 kg",
// "FY = Financial Year ending March 31"): the field whose label the
// question names in full, and that with its value and the headings of
// its page holds [base.Params.MinField] of the question's weighted terms (of
// the term alone, when it asks what one is), answers with its value.
// Two fields alike answer nothing, nor a field for a question that asks
// yes or no, several things, or a count its value does not give alone.

func TakeField(q *inquiry.Question, par base.Params) (base.ReadPages, string) {
	return base.TakeParsed(q, func(q *inquiry.Question) (base.ReadPages, bool) {
		// yes or no, several things, two asks: not one field's value
		if len(q.Asks) > 0 || sentences.ReYesNoQ.MatchString(q.Asked) || askSeveral(q) {
			return nil, false
		}
		return func(pages []base.Source) (base.Reading, bool) { return readField(q, pages, par) }, true
	})
}

// readField answers q with the value of the field that matches it best;
// ok is false when none matches well enough, or two alike.
func readField(q *inquiry.Question, pages []base.Source, p base.Params) (base.Reading, bool) {
	asked := q.Asked
	if t := sentences.DefinedTerm(q.Asked); t != "" {
		asked = t // "What is FY?": the term alone, not the words that ask
	}
	w, total := unitWeights(asked, pages, p)
	if total == 0 {
		return base.Reading{}, false
	}
	count := sentences.ReHowMany.MatchString(q.Asked)
	var best struct {
		src                base.Source
		line, label, value string
		cover, share       float64
		tie                bool
	}
	for _, s := range pages {
		if s.Cut || s.Turn {
			continue
		}
		heads := s.Structure.Section
		for _, b := range s.Structure.Blocks {
			if b.Kind == doc.Heading {
				heads = append(slices.Clip(heads), b.Title)
			}
			if b.Kind != doc.Field || !labelNamed(w, b.Title) {
				continue
			}
			value := b.Value(s.Text)
			if count && len(reValueNumber.FindAllString(value, 2)) != 1 {
				continue // "how many" is answered by one number
			}
			share := sentences.WeightOf(w, b.Title) / total
			c := sentences.WeightOf(w, b.Title+"\n"+value+"\n"+strings.Join(heads, "\n")) / total
			switch {
			case c > best.cover || c == best.cover && share > best.share:
				best.src, best.line, best.label, best.value, best.cover, best.share, best.tie = s, b.Text(s.Text), b.Title, value, c, share, false
			case c == best.cover && share == best.share && value != best.value:
				best.tie = true
			}
		}
	}
	if best.cover < p.MinField || best.tie {
		return base.Reading{}, false
	}
	s := best.src
	return base.Reading{
		Answer:      sentences.OneLine(best.value),
		Explanation: fmt.Sprintf("The line labelled %q on p. %d of %s gives it.", best.label, s.Page, s.Doc),
		Quotes:      []base.Quote{{Text: sentences.OneLine(best.line), Doc: s.Doc, Page: s.Page}},
	}.Covering(best.cover), true
}

// reValueNumber is a number in a field's value.
var reValueNumber = lazyre.New(`\d+(?:[.,]\d+)*`)

// labelNamed reports whether the question's terms w hold every term of a
// field's label: a label the question names in part ("Date" of "Date of
// birth") is another field's.
func labelNamed(w map[string]float64, label string) bool {
	ts := textterms.Of(label)
	if len(ts) == 0 {
		return false
	}
	for _, t := range ts {
		if w[t] == 0 {
			return false
		}
	}
	return true
}
