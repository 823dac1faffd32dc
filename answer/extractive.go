package answer

import (
	"docqa/internal/inquiry"
	"docqa/reader"
)

// ExtractiveEngine is the engine name the extractive answers carry.
const ExtractiveEngine = reader.Engine

// Extractive answers from the sources without a model ([reader.ReadQuestion]),
// every quote verified against them; it says [NotFound] when no sentence
// or table row answers.
func Extractive(question string, options []string, sources []Source) *Answer {
	a, _ := extract(inquiry.Parse(question, options, nil), reader.DefaultParams(), sources)
	return a
}

// extract is [Extractive] of a parsed question read with par, also
// returning the weighted share of the question's (or the chosen
// option's) terms the quoted sentence covers.
func extract(q *inquiry.Question, par reader.Params, sources []Source) (*Answer, float64) {
	r := reader.ReadQuestion(q, par, sources)
	a := fromReading(q.Text, r, q.Options, sources)
	a.readFrom(sources)
	return a, r.Coverage
}

// fromReading makes the reader's reading an answer, each quote a citation
// verified against the sources it was read from.
func fromReading(question string, r reader.Reading, options []string, sources []Source) *Answer {
	a := &Answer{Question: question, Engine: ExtractiveEngine, Reader: r.Reader, Check: r.Check, Citations: []Citation{}, tried: r.Tried}
	if !r.Found() {
		return notFound(a, r.Explanation)
	}
	a.Status, a.Answer, a.Explanation = StatusAnswered, r.Answer, r.Explanation
	for _, q := range r.Quotes {
		cit := Citation{Quote: q.Text, Doc: q.Doc, Page: q.Page}
		if s, ok := verifyOn(q, sources); ok {
			cit.Doc, cit.Page, cit.Verified = s.Doc, s.Page, true
		}
		a.Citations = append(a.Citations, cit)
	}
	if r.Option > 0 && r.Option <= len(options) {
		a.Option = &Choice{Index: r.Option, Label: options[r.Option-1]}
	}
	return a
}

// verifyOn verifies quote q against the page it was read from first: the
// same words may stand on several pages (a judgment repeats its
// phrases), and the quote cites its own.
func verifyOn(q reader.Quote, sources []Source) (Source, bool) {
	for _, s := range sources {
		if s.Doc == q.Doc && s.Page == q.Page {
			if v, ok := Verify(q.Text, []Source{s}); ok {
				return v, true
			}
		}
	}
	return Verify(q.Text, sources)
}

func notFound(a *Answer, why string) *Answer {
	a.Status = StatusNotFound
	a.Answer = NotFound
	a.Explanation = why
	return a
}
