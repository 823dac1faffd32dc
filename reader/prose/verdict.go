package prose

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// A yes-or-no question ("Will the board run under Windows NT?") is
// answered "Yes" or "No", then the sentence that settles it: one that
// holds [base.Params.MinVerdict] of the question's weighted terms (with the
// sentence before, when it begins with a pronoun that names what that
// one does: "It never returns the null value"). The sentence says no
// when it negates ("does not run under Windows 95 or Windows NT"), yes
// otherwise. A question that itself negates, or offers alternatives
// ("Is it A or B?"), gets no verdict; nor does one without such a
// sentence, which is refused.

var (
	// reNegation is a sentence's negation; "unlike" sets its subject
	// apart from what the question names ("Unlike method-based dynamic
	// compilers, our dynamic compiler operates at the granularity of
	// individual loops" for "Is the compiler method-based?").
	reNegation = lazyre.New(`(?i)\b(?:not|no|never|cannot|can't|won't|doesn't|don't|isn't|aren't|wasn't|weren't|didn't|hasn't|haven't|shouldn't|mustn't|neither|nor|none|unable|unlike)\b|n't\b`)
	// reAlternative offers alternatives: "A or B?".
	reAlternative = lazyre.New(`(?i)\bor\b`)
	// rePronounLead begins a sentence with a pronoun for what the one
	// before names.
	rePronounLead = lazyre.New(`^(?:It|This|That|They|These|Those|He|She)\b`)
)

// asksVerdict reports whether q asks yes or no: it opens with an
// auxiliary verb, offers no alternatives and negates nothing.
func asksVerdict(q *inquiry.Question) bool {
	return len(q.Options) == 0 && sentences.ReYesNoQ.MatchString(q.Asked) && !reAlternative.MatchString(q.Asked) && !reNegation.MatchString(q.Asked)
}

// verdictTerms are a yes-or-no question's terms as the sentences of one
// document weigh them. The words of the document's own name ("CX57C" of
// case_cx57c_spec_sheet.pdf) say which document, not what is asked: its
// sentences need not repeat them; nor need they hold the [sentences.Asides].
type verdictTerms struct {
	w        map[string]float64
	skip     map[string]bool
	total    float64 // the weight of the terms not skipped
	heaviest float64 // of the terms not skipped
}

// verdictTermsOf returns the verdict terms of w (whose weights sum to
// total) for each document of p, worked out once a document.
func verdictTermsOf(w map[string]float64, total float64) func(doc string) verdictTerms {
	byDoc := map[string]verdictTerms{}
	return func(doc string) verdictTerms {
		if vt, ok := byDoc[doc]; ok {
			return vt
		}
		vt := verdictTerms{w: w, skip: map[string]bool{}, total: total}
		for _, t := range textterms.OfName(doc) {
			vt.skip[t] = true
		}
		for t := range sentences.Asides {
			vt.skip[t] = true
		}
		for _, t := range slices.Sorted(maps.Keys(w)) { // in one order, so the sum is the same to the last bit
			if vt.skip[t] {
				vt.total -= w[t]
			} else {
				vt.heaviest = max(vt.heaviest, w[t])
			}
		}
		byDoc[doc] = vt
		return vt
	}
}

// verdictCover is the weighted share of the question's terms vt sentence
// i holds, with the sentence before when i opens with a pronoun; lead
// reports whether it did. keys reports whether it holds every key term:
// one that weighs [base.Params.VerdictKey] of the heaviest or more, the rare
// words that say what is asked ("null" of "can VERIFY_GROUP_FOR_USER ever
// return null?"), not the subject every page names.
func verdictCover(p *sentences.Pool, i int, vt verdictTerms) (c float64, lead, keys bool) {
	if vt.total <= 0 {
		return 0, false, false
	}
	got := 0.0
	seen := map[string]bool{}
	add := func(k int) {
		for _, t := range p.Sents[k].Terms {
			if x, ok := vt.w[t]; ok && !seen[t] && !vt.skip[t] {
				seen[t] = true
				got += x
			}
		}
	}
	add(i)
	if i > 0 && p.Sents[i-1].Src == p.Sents[i].Src && rePronounLead.MatchString(strings.TrimSpace(sentences.SentText(p, i))) {
		add(i - 1)
		lead = true
	}
	keys = true
	for t, x := range vt.w {
		if !vt.skip[t] && x >= p.Par.VerdictKey*vt.heaviest && !seen[t] {
			keys = false
		}
	}
	return got / vt.total, lead, keys
}

// ReadVerdictOf answers a yes-or-no question from the sentence that
// holds its key terms and the most of it, [base.Params.MinVerdict] at least;
// it declines when none does, and the sentence scorer's check refuses.
func ReadVerdictOf(q *inquiry.Question, in *sentences.Context) base.Outcome {
	if !asksVerdict(q) {
		return base.Declined(base.NotAsked)
	}
	p := in.P
	terms := verdictTermsOf(in.W, in.Total)
	best, cover, lead := -1, 0.0, false
	for i, s := range p.Sents {
		if s.Running || s.Folio || s.Leader || p.Asks(i) {
			continue
		}
		if c, l, keys := verdictCover(p, i, terms(p.Sources[s.Src].Doc)); keys && c > cover {
			best, cover, lead = i, c, l
		}
	}
	if best < 0 || cover < p.Par.MinVerdict {
		return base.Declined(base.NotOnPages)
	}
	quotes := []base.Quote{p.Cite(best)}
	if lead {
		quotes = []base.Quote{p.Cite(best - 1), quotes[0]}
	}
	v := sentenceVerdict(q, sentences.SentText(p, best))
	src := p.Sources[p.Sents[best].Src]
	return base.Took(base.Reading{
		Answer:      v + ". " + quotes[len(quotes)-1].Text,
		Explanation: fmt.Sprintf("The question asks yes or no; the sentence on p. %d of %s that holds the most of it (%.0f%% of its weighted terms) says %s.", src.Page, src.Doc, 100*cover, strings.ToLower(v)),
		Quotes:      quotes,
	}.Covering(cover))
}

// CheckNoVerdict: a yes-or-no question whose best sentence does not
// hold enough of it to settle it.
func CheckNoVerdict(q *inquiry.Question, b best) string {
	if !asksVerdict(q) {
		return ""
	}
	p := b.in.P
	vt := verdictTermsOf(b.in.W, b.in.Total)(p.Sources[p.Sents[b.i].Src].Doc)
	if c, _, keys := verdictCover(p, b.i, vt); c < p.Par.MinVerdict || !keys {
		return fmt.Sprintf("The question asks yes or no, and no sentence in the %d retrieved page(s) holds enough of it to settle it (best %.0f%%).", len(b.in.P.Sources), 100*c)
	}
	return ""
}

// sentenceVerdict is "Yes" or "No" as sentence s says, for a question that asks
// yes or no ([asksVerdict]); "" for any other.
func sentenceVerdict(q *inquiry.Question, s string) string {
	if !asksVerdict(q) {
		return ""
	}
	if reNegation.MatchString(s) {
		return "No"
	}
	return "Yes"
}
