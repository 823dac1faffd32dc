package sentences

import (
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
)

// A question names things: a person, a product, a model, a year, a
// figure ("How much lower is the accuracy of GPT-4o on SituatedQA?",
// "Who produced the document revised in May 2018?"). When one of them
// occurs nowhere in the retrieved pages, the pages cannot answer the
// question as asked, however well a sentence matches its other words:
// the extractive engine refuses rather than quote a sentence about
// something else. Unanswerable questions are most often of this kind, a
// premise the document does not hold.

// namedPhrases returns the stemmed terms of the words of text that name
// something, grouped into the names they form: words written with a
// capital past the start of a sentence, or with a digit, less the period
// markers ("FY", "Q2") and page, figure and table numbers, which locate
// rather than name. Capitalised words next to each other, or joined by
// "of", "for" or "the", form one name ("Florida Department of Health");
// a number alone is a name of its own. text is a question's wording,
// without its trailing instructions ([inquiry.Question.Stripped]) or as
// asked.
func namedPhrases(text string) []name {
	shout := textterms.UpperShare(text) >= 0.8 // "WHAT IS THE 2nd OBJECTIVE?": capitals name nothing
	var out []name
	open := false               // the last word extends a name a capitalised word may join
	link := ""                  // the small words since, as written
	words := numberFields(text) // "page(5)" is two words
	for i, w := range words {
		core := strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		lettered := strings.IndexFunc(core, unicode.IsLetter) >= 0
		if core == "" || !named(core, i == 0 || sentenceEnd(words[i-1])) || shout && strings.IndexFunc(core, unicode.IsDigit) < 0 || ordinalNumber(core) ||
			i > 0 && locator(words[i-1]) && !lettered || // "page 8", "Figure 2"
			i+1 < len(words) && !lettered && duration(words[i+1]) || // "3 year average"
			spanOfTime(core) || fiscal(core) || formName(core) { // "FY2023": a report may name the period by its dates only
			open = open && linker(core) && !strings.ContainsAny(w, ",;:?")
			link += " " + core
			continue
		}
		var ts []string
		for _, t := range textterms.Of(core) {
			if !PeriodMarker(t) {
				ts = append(ts, t)
			}
		}
		switch {
		case len(ts) == 0:
		case open && lettered:
			n := &out[len(out)-1]
			n.text += link + " " + core
			n.terms = append(n.terms, ts...)
		default:
			out = append(out, name{core, ts})
		}
		open = lettered && len(ts) > 0 && !strings.ContainsAny(w, ",;:?")
		link = ""
	}
	return out
}

// name is a name of a question as written, and its terms.
type name struct {
	text  string
	terms []string
}

func linker(w string) bool {
	switch strings.ToLower(w) {
	case "of", "the", "de", "for":
		return true
	}
	return false
}

// named reports whether word w names something: it holds a digit, or a
// capital that is not only the first letter of a sentence's first word.
func named(w string, first bool) bool {
	for i, r := range w {
		if unicode.IsDigit(r) || unicode.IsUpper(r) && !(first && i == 0) {
			return true
		}
	}
	return false
}

// ordinalNumber reports whether w is a number written as an ordinal
// ("2nd", "21st"): a place in an order, not a name.
func ordinalNumber(w string) bool {
	n := strings.TrimLeft(w, "0123456789")
	switch strings.ToLower(n) {
	case "st", "nd", "rd", "th":
		return len(n) < len(w)
	}
	return false
}

func sentenceEnd(w string) bool {
	return strings.HasSuffix(w, ".") || strings.HasSuffix(w, "?") || strings.HasSuffix(w, "!") || strings.HasSuffix(w, ":")
}

// locator reports whether w points into a document: the number after it
// is a place, not a thing the text names.
func locator(w string) bool {
	switch strings.ToLower(strings.Trim(w, ".,;:()")) {
	case "page", "pages", "p", "pp", "figure", "fig", "figures", "table", "tables", "slide", "slides", "section", "chapter", "appendix", "step", "item", "part", "note":
		return true
	}
	return false
}

// duration reports whether w, after a number, makes it a length of time.
func duration(w string) bool {
	w = strings.ToLower(strings.Trim(w, ".,;:()"))
	for _, u := range []string{"year", "month", "week", "day", "quarter", "hour", "minute"} {
		if w == u || w == u+"s" || strings.HasPrefix(w, "-"+u) {
			return true
		}
	}
	return false
}

// spanOfTime reports whether w is a number and a unit of time written as
// one word: "3-year", "12-month".
func spanOfTime(w string) bool {
	n, unit, ok := strings.Cut(w, "-")
	return ok && n != "" && strings.Trim(n, "0123456789") == "" && duration(unit)
}

// fiscal reports whether w names a fiscal year or quarter: "FY2023",
// "FY23", "Q2".
func fiscal(w string) bool {
	u := strings.ToUpper(w)
	return strings.HasPrefix(u, "FY") && len(u) > 2 && u[2] >= '0' && u[2] <= '9' ||
		len(u) == 2 && (u[0] == 'Q' || u[0] == 'H') && u[1] >= '1' && u[1] <= '4'
}

// PeriodMarker reports whether stemmed term t marks a period ("fy",
// "q2", "h1"), which reports write as headings or not at all, or is a
// currency code, a unit a question asks its answer in.
func PeriodMarker(t string) bool {
	switch t {
	case "fy", "q1", "q2", "q3", "q4", "h1", "h2", "ytd", "ttm",
		"usd", "eur", "gbp", "jpy", "cny", "inr", "chf", "cad", "aud": // units, not names
		return true
	}
	return false
}

// MissingNamed returns the first of the question's identifiers
// ([identifiers]) or names ([namedPhrases]) that no sentence of the pool
// holds, a name's terms all together, or "". The words that ask for a
// thing by its form ("e-mail", "YYYY-MM-DD") are no premise; a term
// counts as held when a held term of at least [base.Params.MinShared] bytes begins it
// or it begins one ("Singaporean" and "Singapore", which stemming leaves
// apart).
func (p *Pool) MissingNamed(question *inquiry.Question) string {
	q := question.Text
	cue := cueTerms(q, p.Par)
	for _, id := range identifiers(question) {
		if !strings.Contains(p.flat(), Flatten(id)) {
			return id
		}
	}
	for _, n := range namedPhrases(question.Stripped) {
		if p.namesSource(n.text) {
			continue
		}
		ts := slices.DeleteFunc(n.terms, func(t string) bool { return cue[t] })
		for _, t := range ts {
			if p.df[t] == 0 && !p.holdsPrefix(t) {
				return n.text
			}
		}
		if len(ts) > 1 && !p.together(ts) {
			return n.text
		}
	}
	return ""
}

// cueTerms are the terms of the form cue ([FormCue]) of text, a
// question's wording (as asked, or what it asks): the words that ask
// for a thing by its form ("e-mail", "YYYY-MM-DD"), which name no premise.
func cueTerms(text string, par base.Params) map[string]bool {
	cue := map[string]bool{}
	for _, t := range textterms.Of(FormCue(QuestionKind(text), text, par)) {
		cue[t] = true
	}
	return cue
}

// UnnamedNear returns a name of q that neither sentence i nor the one
// before it on its page holds ([Pool.near]), or "": a figure is the answer only in a
// sentence about what the question names ("What was the GDP growth in the
// fourth quarter?" is not answered by "The rate recovered in the fourth
// quarter to 4.9%"). A name that half the sources or more hold is the
// subject of the whole document (the company of a filing, whose
// statements do not repeat it) and is passed over, as are short forms of
// a document's name, names its page repeats ([Pool.pageSubject]), names
// in the question's asides ([reAside]), dates
// and numbers (the period a figure is of, which [Pool.MissingNamed]
// checks against the pages) and the terms of the question's form cue.
func (p *Pool) UnnamedNear(i int, question *inquiry.Question) string {
	q := question.Text
	cue := cueTerms(q, p.Par)
	asides := strings.Join(reAside.FindAllString(q, -1), " ")
	for _, n := range namedPhrases(question.Stripped) {
		if p.namesSource(n.text) || strings.Contains(asides, n.text) || monthName(strings.Fields(n.text)[0]) ||
			strings.IndexFunc(n.text, unicode.IsLetter) < 0 {
			continue // a date or a number says when or which, not what: "as of August 30, 2023"
		}
		for _, t := range n.terms {
			if cue[t] || p.near(i, t) || 2*p.sourcesHolding(t) >= len(p.Sources) || p.pageSubject(i, t) {
				continue
			}
			return n.text
		}
	}
	return ""
}

// monthName reports whether w names a month, in full or abbreviated.
func monthName(w string) bool {
	switch strings.ToLower(strings.TrimRight(w, ".,")) {
	case "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
		"jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec":
		return true
	}
	return false
}

// reAside is a question's aside in brackets, which describes what it
// names ("Kenvue (formerly Consumer Health business segment)") rather
// than adds to what it asks.
var reAside = lazyre.New(`\([^()]*\)`)

// pageSubject reports whether sentence i's page holds t in
// [base.Params.MinSubjectSentences] sentences or more: the subject of the page (a list
// of a state's markets names the state in its heading and codes, not in
// each row).
func (p *Pool) pageSubject(i int, t string) bool {
	n := 0
	for _, s := range p.Sents {
		if s.Src == p.Sents[i].Src && s.Terms.holds(t, p.Par) {
			n++
		}
	}
	return n >= p.Par.MinSubjectSentences
}

// sourcesHolding counts the sources with a sentence that holds t.
func (p *Pool) sourcesHolding(t string) int {
	n, last := 0, -1
	for _, s := range p.Sents {
		if s.Src != last && s.Terms.holds(t, p.Par) {
			n, last = n+1, s.Src
		}
	}
	return n
}

// namesSource reports whether name is a short form of a source's
// document name: "JPM's" or "Ulta Beauty" for JPMORGAN_2021Q1_10Q.pdf
// or ULTABEAUTY_2023Q4_EARNINGS.pdf. A filing rarely writes the company's
// ticker or short name, and a question that names the document it is
// scoped to names no premise of its own.
func (p *Pool) namesSource(name string) bool {
	f := Flatten(strings.TrimSuffix(strings.TrimSuffix(name, "'s"), "’s"))
	if len(f) < 3 {
		return false
	}
	for _, s := range p.Sources {
		doc := Flatten(strings.TrimSuffix(s.Doc, filepath.Ext(s.Doc)))
		if strings.Contains(doc, f) || len(f) <= p.Par.MaxAbbrev && f[0] == doc[0] && subsequence(f, doc) {
			return true
		}
	}
	return false
}

// subsequence reports whether the bytes of a occur in b in order.
func subsequence(a, b string) bool {
	for i := 0; i < len(b) && a != ""; i++ {
		if b[i] == a[0] {
			a = a[1:]
		}
	}
	return a == ""
}

// identifiers returns the words of q, without its trailing instructions
// ([inquiry.Question.Stripped]), that mix letters and digits ("GPT-4o",
// "AE-300B", "PaLM-2L"): a model, part or version that the pages must
// write as the question does, since "GPT-4" is another model. Fiscal
// labels ("FY2023", "Q2") and form names ("10-K") are left out.
func identifiers(q *inquiry.Question) []string {
	var out []string
	for _, w := range numberFields(q.Stripped) { // "page(5)" is two words
		core := strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		core = strings.TrimSuffix(strings.TrimSuffix(core, "'s"), "’s")
		if len(core) < 3 || fiscal(core) || formName(core) || spanOfTime(core) ||
			strings.IndexFunc(core, unicode.IsLetter) < 0 || strings.IndexFunc(core, unicode.IsDigit) < 0 {
			continue
		}
		out = append(out, core)
	}
	return out
}

// formName reports whether w names a filing form: "10-K", "10-Q", "8-K",
// "20-F".
func formName(w string) bool {
	n, form, ok := strings.Cut(strings.ToUpper(w), "-")
	return ok && len(form) == 1 && strings.Trim(n, "0123456789") == ""
}

// Flatten keeps the letters and digits of s, lower-cased: "GPT-4o" and
// "gpt 4o" are one identifier.
func Flatten(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// flat is the pool's text, [Flatten]ed, worked out once.
func (p *Pool) flat() string {
	if p.flatText == "" {
		var b strings.Builder
		for _, s := range p.Sources {
			b.WriteString(Flatten(s.Text))
			b.WriteByte(' ')
		}
		p.flatText = b.String()
	}
	return p.flatText
}

// together reports whether one sentence, with its neighbours on the same
// page, holds all the terms ts (or terms they begin or that begin them).
func (p *Pool) together(ts []string) bool {
	for i := range p.Sents {
		all := true
		for _, t := range ts {
			if !p.near(i, t) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// near reports whether sentence i or the one before it on its page holds
// t: a sentence's subject is named before it ("Our system QACheck ...
// It achieves 59.47"), not after ("These scores are better than Codex").
func (p *Pool) near(i int, t string) bool {
	for j := max(i-1, 0); j <= i; j++ {
		if p.Sents[j].Src == p.Sents[i].Src && p.Sents[j].Terms.holds(t, p.Par) {
			return true
		}
	}
	return false
}

func (p *Pool) holdsPrefix(t string) bool {
	if len(t) < p.Par.MinShared {
		return false
	}
	for h := range p.df {
		if sharePrefix(t, h, p.Par) {
			return true
		}
	}
	return false
}

// sharePrefix reports whether terms a and b, both at least [base.Params.MinShared]
// bytes, are one the start of the other.
func sharePrefix(a, b string, par base.Params) bool {
	return len(a) >= par.MinShared && len(b) >= par.MinShared && (strings.HasPrefix(a, b) || strings.HasPrefix(b, a))
}

// holds reports whether the set holds t or a term sharing its start
// ([sharePrefix]).
func (ts termSet) holds(t string, par base.Params) bool {
	return ts.Has(t) || len(t) >= par.MinShared && slices.ContainsFunc(ts, func(h string) bool { return sharePrefix(t, h, par) })
}

// MissingPredicate returns a word of a yes-or-no question's predicate
// that no page of the pool mentions, in any form, or "". "Is Boeing's
// business subject to cyclicality?" is answered by a page that speaks of
// cyclicality, for or against; a sentence that holds only "Boeing" and
// "subject" says neither. Names are [missingNamed]'s; years, periods,
// numbers, the words that ask for a form and those that ask which way a
// figure went ("improving", "declined") are no premise.
func (p *Pool) MissingPredicate(question *inquiry.Question) string {
	q := question.Asked
	if !ReYesNoQ.MatchString(q) {
		return ""
	}
	cue := cueTerms(q, p.Par)
	if m := reFollowOn.FindStringIndex(q); m != nil {
		q = q[:m[0]] // "..., and if so, what was the scale?" asks more of the premise, which is before
	}
	for _, w := range strings.Fields(q) {
		core := strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) })
		if core == "" || unicode.IsUpper([]rune(core)[0]) || strings.IndexFunc(w, unicode.IsDigit) >= 0 ||
			ReUpQ.MatchString(core) || ReDownQ.MatchString(core) { // "improving" is read from figures, not found in words
			continue
		}
		if lightVerbs[strings.ToLower(core)] || shellNouns[strings.ToLower(core)] || Asides[strings.ToLower(core)] {
			continue // "Did Apple report any share repurchases?": the premise is the repurchases
		}
		for _, t := range textterms.Of(core) {
			if cue[t] || PeriodMarker(t) {
				continue
			}
			if p.df[t] == 0 && !p.holdsPrefix(t) {
				return core
			}
		}
	}
	return ""
}

// reFollowOn starts the ask that follows a yes-or-no question's:
// ", and if so, what ...", ", and what was ...", "? If so, ...".
var reFollowOn = lazyre.New(`(?i)(?:,\s*|\s+)(?:and\s+)?(?:if\s+so|and\s+(?:what|how|which|when|where|why|who))\b|\?\s*\S`)

// shellNouns stand for a thing the words around them name ("share
// repurchase activities", "any changes to its policies"): the filing
// names the thing, not the shell (Schmid, "English Abstract Nouns as
// Conceptual Shells", 2000).
var shellNouns = map[string]bool{
	"activity": true, "activities": true, "program": true, "programs": true, "programme": true, "programmes": true,
	"effort": true, "efforts": true, "matter": true, "matters": true, "aspect": true, "aspects": true, "issue": true, "issues": true,
	"instance": true, "instances": true, "kind": true, "kinds": true, "type": true, "types": true,
}

// lightVerbs say that a document tells of a thing or that a thing took
// place, not what it is: a yes-or-no question's premise is their object
// ("Did Microsoft undertake any share repurchase programs?" asks about
// share repurchases, whatever verb the filing uses).
var lightVerbs = map[string]bool{
	"report": true, "reported": true, "reports": true, "disclose": true, "disclosed": true, "mention": true, "mentioned": true,
	"state": true, "stated": true, "note": true, "noted": true, "announce": true, "announced": true, "indicate": true, "indicated": true,
	"undertake": true, "undertook": true, "undertaken": true, "conduct": true, "conducted": true, "engage": true, "engaged": true,
	"experience": true, "experienced": true, "record": true, "recorded": true, "make": true, "made": true, "take": true, "took": true,
	"carry": true, "carried": true, "provide": true, "provided": true, "show": true, "shown": true, "include": true, "included": true,
}

// A question that asks what follows a condition ("What will happen when
// you press and hold the Down button?", "What if the adaptor supplies
// less than 1.5 A?") is answered by a sentence about that condition, all
// of it: "press the Down button twice" is another condition, and its
// outcome another answer.
var reConditionQ = lazyre.New(`(?i)^\s*what\s+(?:(?:will|would|does|do|can|could|might|may)\s+)?happens?\b[^?]*?\b(?:when|if|after|once|while)\b([^?]*)|^\s*what\s+if\b([^?]*)`)

// ConditionTerms returns the terms of question q's condition (q without
// its instructions, [inquiry.Question.Stripped]), or nil when q asks what
// follows none.
func ConditionTerms(q *inquiry.Question) []string {
	m := reConditionQ.FindStringSubmatch(q.Stripped)
	if m == nil {
		return nil
	}
	return textterms.Of(m[1] + " " + m[2])
}

// UnmetCondition returns a term of q's condition that neither sentence i
// nor its neighbours on its page hold, or "". A term of the document's
// name is its subject ("the headset" of stereo_headset.pdf), which its
// sentences need not repeat.
func (p *Pool) UnmetCondition(i int, q *inquiry.Question) string {
	for _, t := range ConditionTerms(q) {
		if !p.near(i, t) && !p.namesSource(t) {
			return t
		}
	}
	return ""
}
