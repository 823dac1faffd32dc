package eval

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"docqa/answer"
	"docqa/internal/lazyre"
)

// Score is how one answer fared against its question.
type Score struct {
	// Correct: a refusal for a "Not answerable" question, or an answer
	// that matches the gold one (exact, token F1 >= 0.6, or contained (a
	// list: each of its items) or holding all gold numbers when it is
	// not many times longer than the gold ([tooLong])).
	Correct  bool    `json:"correct"`
	Answered bool    `json:"answered"` // status answered (not a refusal or an error)
	Exact    bool    `json:"exact"`
	Contains bool    `json:"contains"`
	Numbers  *bool   `json:"numbers,omitempty"` // nil when the gold answer has no number
	TokenF1  float64 `json:"token_f1"`
	// Page metrics, nil when the question names no evidence pages.
	Hit1 *bool    `json:"hit1,omitempty"`
	Hit5 *bool    `json:"hit5,omitempty"`
	RR   *float64 `json:"rr,omitempty"`
	// Option chosen (0-based) for multiple-choice questions, -1 if none
	// could be told; OptionCorrect is nil for other questions.
	Option        *int  `json:"option,omitempty"`
	OptionCorrect *bool `json:"option_correct,omitempty"`
	Citations     int   `json:"citations"`
	Verified      int   `json:"verified"`
	// InContext tells whether the gold answer appears in the context the
	// engine read ([InContext]); nil for "Not answerable" questions.
	InContext *bool `json:"in_context,omitempty"`
	// Kind is the kind of the gold answer ([KindOf]).
	Kind string `json:"kind"`
}

const f1Correct = 0.6

// An answer is too long to be right by containment alone (its words or
// its numbers holding the gold's) when it has more than longRatio times
// the gold's tokens and more than longFloor a gold item: a whole table or
// passage that holds the answer among others leaves the finding to the
// reader (issue 52: nat-003 answered with a six-row table of commands).
// The floor is a long sentence (English prose averages 15-20 words a
// sentence), so that "The maximum oil temperature is 110 degrees Celsius
// in all phases of flight." is right for a gold "110", and a list may
// give each of its items a sentence. An answer whose lead (its words up
// to the first stop, colon, semicolon or bracket) holds the gold states it
// first, whatever follows: "27 (P-10, P-11, ...)", "Yes. The seat ...".
const (
	longRatio = 5
	longFloor = 25
)

// tooLong reports whether got is too long to be right by containment
// alone against want, a gold of items items.
func tooLong(got, want string, items int) bool {
	g, w := len(tokens(got)), len(tokens(want))
	return g > longFloor*max(items, 1) && g > longRatio*w
}

// lead is an answer's words up to its first stop, colon, semicolon or
// opening bracket: what it states first.
func lead(s string) string {
	if i := strings.IndexAny(s, ".;:([\n"); i >= 0 {
		return s[:i]
	}
	return s
}

// held reports whether got holds want: its words (a list: each item's) or
// all of the gold's numbers (at the gold's precision).
func held(q Question, got string) (contains bool, numbers *bool) {
	contains = containsWords(NormText(got), NormText(q.Answer))
	if all, ok := containsItems(got, q.Answer); ok {
		contains = all // a list is contained when each of its items is
	}
	if gold := goldNumbers(q.Answer); len(gold) > 0 {
		ok := MatchAtPrecision(gold, Numbers(got), questionScale(q.Question))
		numbers = &ok
	}
	return contains, numbers
}

// ScoreAnswer judges a against q.
func ScoreAnswer(q Question, a *answer.Answer) Score {
	s := Score{Kind: KindOf(q)}
	if a == nil {
		return s
	}
	for _, c := range a.Citations {
		s.Citations++
		if c.Verified {
			s.Verified++
		}
	}
	if len(q.Pages) > 0 {
		h1, h5, rr := PageRanks(q, a.ContextPages)
		s.Hit1, s.Hit5, s.RR = &h1, &h5, &rr
	}
	s.Answered = a.Status == answer.StatusAnswered
	if NotAnswerable(q.Answer) {
		s.Correct = a.Status == answer.StatusNotFound
		return s
	}
	if len(q.Options) > 0 {
		chosen := chooseOption(a.Answer, q.Options)
		if a.Option != nil && a.Option.Index >= 1 && a.Option.Index <= len(q.Options) {
			chosen = a.Option.Index - 1
		}
		ok := chosen >= 0 && optionIs(q, chosen)
		s.Option, s.OptionCorrect = &chosen, &ok
	}
	in := InContext(q.Answer, a.ContextText)
	s.InContext = &in
	if !s.Answered {
		return s
	}
	got := a.Answer
	s.Exact = NormText(got) == NormText(q.Answer)
	s.Contains, s.Numbers = held(q, got)
	s.TokenF1 = TokenF1(got, q.Answer)
	holds := s.Contains || (s.Numbers != nil && *s.Numbers)
	if holds && tooLong(got, q.Answer, goldItems(q.Answer)) {
		c, n := held(q, lead(got))
		holds = c || (n != nil && *n)
	}
	s.Correct = s.Exact || holds || s.TokenF1 >= f1Correct
	if s.OptionCorrect != nil {
		s.Correct = *s.OptionCorrect
	}
	return s
}

// PageRanks scores the context pages, best first, against the question's
// evidence pages (in its document, when it names one): whether the first
// is evidence, whether one of the first five is, and the reciprocal rank
// of the first evidence page among the first ten.
func PageRanks(q Question, ctx []answer.PageRef) (hit1, hit5 bool, rr float64) {
	rank := 0
	seen := map[answer.PageRef]bool{}
	for _, p := range ctx {
		if seen[p] {
			continue
		}
		seen[p] = true
		rank++
		if rank > 10 {
			break
		}
		if !q.evidence(p.Doc, p.Page) {
			continue
		}
		return rank == 1, rank <= 5, 1 / float64(rank)
	}
	return false, false, 0
}

// evidence reports whether page of doc is one of the question's
// evidence pages (in its document, when it names one).
func (q Question) evidence(doc string, page int) bool {
	return slices.Contains(q.Pages, page) && (q.Doc == "" || sameDoc(doc, q.Doc))
}

func sameDoc(a, b string) bool {
	return strings.EqualFold(strings.TrimSuffix(strings.ToLower(a), ".pdf"), strings.TrimSuffix(strings.ToLower(b), ".pdf"))
}

// NormText lowercases, applies NFKC, drops punctuation and articles, and
// folds white space: the usual normalisation for answer matching.
func NormText(s string) string {
	return strings.Join(tokens(s), " ")
}

var articles = map[string]bool{"a": true, "an": true, "the": true}

func tokens(s string) []string {
	s = strings.ToLower(joinFigures(norm.NFKC.String(s)))
	s = fullRanges(s)
	f := strings.FieldsFunc(s, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '%')
	})
	out := f[:0]
	for _, t := range f {
		t = strings.Trim(t, ".")
		if t == "" || articles[t] {
			continue
		}
		out = append(out, t)
	}
	return out
}

var (
	// reSpaceGroups is a figure whose thousands are parted by spaces
	// (NFKC makes thin and no-break spaces plain ones): "298 839".
	reSpaceGroups = lazyre.New(`\b\d{1,3}(?: \d{3})+\b`)
	// reDecimalComma is a figure with a decimal comma: "3,9", "0,0999",
	// not "1,577" (a thousands comma).
	reDecimalComma = lazyre.New(`\b(\d+),(\d{1,2}|\d{4,})\b|\b(0),(\d+)\b`)
)

// joinFigures writes the figures of s as one number each, the way the
// scorer reads them: "298 839" as "298839", "3,9" as "3.9". Read as
// written, "298" would share a word with gold "298 839" and score right.
func joinFigures(s string) string {
	if !strings.ContainsAny(s, " ,") {
		return s
	}
	s = reSpaceGroups.ReplaceAllStringFunc(s, func(m string) string { return strings.ReplaceAll(m, " ", "") })
	return reDecimalComma.ReplaceAllString(s, "$1$3.$2$4")
}

// shortRange is a span of two years with the second cut to its last two
// digits: "2015-16", "FY1999/00".
var shortRange = lazyre.New(`\b((?:19|20)\d\d)\s*[-–/]\s*(\d\d)\b`)

// fullRanges writes the short year ranges of s in full ([fullRange]).
func fullRanges(s string) string {
	if !strings.ContainsAny(s, "-–/") {
		return s
	}
	return shortRange.ReplaceAllStringFunc(s, fullRange)
}

// fullRange writes a short year range in full, "2015-16" as "2015-2016",
// when the second year is the one after the first; "2015-18" and
// "2015/06" (a month) stay as they are.
func fullRange(m string) string {
	sub := shortRange.FindStringSubmatch(m)
	y, _ := strconv.Atoi(sub[1])
	if next, _ := strconv.Atoi(sub[2]); next != (y+1)%100 {
		return m
	}
	return fmt.Sprintf("%d-%d", y, y+1)
}

// containsWords reports whether want occurs in got on word boundaries.
func containsWords(got, want string) bool {
	if want == "" {
		return false
	}
	return strings.Contains(" "+got+" ", " "+want+" ")
}

// TokenF1 is the harmonic mean of token precision and recall of got
// against want, over normalised tokens counted with multiplicity.
func TokenF1(got, want string) float64 {
	g, w := tokens(got), tokens(want)
	if len(g) == 0 || len(w) == 0 {
		return 0
	}
	count := map[string]int{}
	for _, t := range w {
		count[t]++
	}
	common := 0
	for _, t := range g {
		if count[t] > 0 {
			count[t]--
			common++
		}
	}
	if common == 0 {
		return 0
	}
	p := float64(common) / float64(len(g))
	r := float64(common) / float64(len(w))
	return 2 * p * r / (p + r)
}

// Number is a numeric value read from text.
type Number struct {
	Value   float64 // with its sign and scale
	Percent bool
	Signed  bool // written with a sign or in accounting parentheses
	// Raw is the number as written, without sign or scale; Decimals
	// counts its digits after the point; Scale is the factor its scale
	// word gives ("million": 1e6), 0 when it has none.
	Raw      float64 `json:"-"`
	Decimals int     `json:"-"`
	Scale    float64 `json:"-"`
}

var numberRE = lazyre.New(`(?i)([-+−]?)\s?(\(?)\s?([$€£¥]?)\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)\s?(\)?)\s?(%|percent\b|per cent\b|trillion\b|billion\b|bn\b|million\b|mn\b|thousand\b|[kmb]\b)?`)

var (
	// reFormAfter follows the number of an SEC form's name: "10-Q".
	reFormAfter = lazyre.New(`^-[KQ]\b`)
	// reMonthBefore precedes the day of a date: "October 1, 2022".
	reMonthBefore = lazyre.New(`(?i)\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+$`)
)

var scales = map[string]float64{
	"thousand": 1e3, "k": 1e3,
	"million": 1e6, "mn": 1e6, "m": 1e6,
	"billion": 1e9, "bn": 1e9, "b": 1e9,
	"trillion": 1e12,
}

// Numbers reads the numbers in s: "$1,577.00" is 1577, "1.577 billion" is
// 1.577e9, "12.4%" is 12.4 percent, "(3.2)" is -3.2.
func Numbers(s string) []Number {
	s = joinFigures(norm.NFKC.String(s))
	var out []Number
	for _, loc := range numberRE.FindAllStringSubmatchIndex(s, -1) {
		start := loc[0] // the match may open with the space before it
		for start < loc[8] && unicode.IsSpace(rune(s[start])) {
			start++
		}
		if r, _ := utf8.DecodeLastRuneInString(s[:start]); unicode.IsLetter(r) && loc[9]-loc[8] <= 2 || !wholeToken(s, loc[8]) {
			continue // "Q1", "GPT-4", "A320", "0x0001": part of a name or a code, not a quantity; "of 10" is a number
		}
		if reFormAfter.MatchString(s[loc[9]:]) || loc[9]-loc[8] <= 2 && reMonthBefore.MatchString(s[:loc[8]]) {
			continue // "10-Q", "8-K": a form's name; "October 1, 2022": a date's day
		}
		m := make([]string, len(loc)/2)
		for i := range m {
			if loc[2*i] >= 0 {
				m[i] = s[loc[2*i]:loc[2*i+1]]
			}
		}
		sign, open, digits, closing, unit := m[1], m[2], m[4], m[5], strings.ToLower(m[6])
		if r, _ := utf8.DecodeLastRuneInString(s[:loc[0]]); sign != "" && unicode.IsDigit(r) {
			sign = "" // "2015-2016", "10-12": a range's dash, not a minus
		}
		v, err := strconv.ParseFloat(strings.ReplaceAll(digits, ",", ""), 64)
		if err != nil {
			continue
		}
		n := Number{Value: v, Raw: v}
		if i := strings.IndexByte(digits, '.'); i >= 0 {
			n.Decimals = len(digits) - i - 1
		}
		if sign == "-" || sign == "−" {
			n.Value, n.Signed = -v, true
		} else if sign == "+" {
			n.Signed = true
		}
		if open == "(" && closing == ")" {
			n.Value, n.Signed = -math.Abs(v), true
		}
		switch {
		case unit == "%" || strings.HasPrefix(unit, "per"):
			n.Percent = true
		case scales[unit] != 0:
			n.Value *= scales[unit]
			n.Scale = scales[unit]
		}
		out = append(out, n)
	}
	return out
}

// wholeToken reports whether the number whose digits start at digits
// stands as a token of its own: not right after a letter ("A320";
// "FY2023" is a fiscal year, a number), and not in a hexadecimal literal
// ("0x0001", and the "0001" of it). A gold "1" would otherwise match the
// digits of an address (issue 52).
func wholeToken(s string, digits int) bool {
	i := digits
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:i])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		i -= n
	}
	prefix := s[i:digits]
	if prefix != "" && !strings.EqualFold(prefix, "FY") {
		return false
	}
	rest := s[digits:]
	return !(strings.HasPrefix(rest, "0x") || strings.HasPrefix(rest, "0X"))
}

// numberEqual reports whether a equals g within 1%, a percent and a
// fraction of the same size (12.4% and 0.124) counting as equal, and signs
// compared only when both are written: the loose test of whether a text
// holds a figure at all (InContext); answers are held to the gold's
// precision (MatchAtPrecision).
func numberEqual(g, a Number) bool {
	if g.Signed && a.Signed && (g.Value < 0) != (a.Value < 0) {
		return false
	}
	gv, av := math.Abs(g.Value), math.Abs(a.Value)
	if close1(gv, av) {
		return true
	}
	switch {
	case g.Percent && !a.Percent:
		return close1(gv, av*100)
	case a.Percent && !g.Percent:
		return close1(gv*100, av)
	}
	return false
}

func close1(a, b float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= 0.01*math.Max(math.Abs(a), math.Abs(b))
}

// chooseOption tells which option an answer picked: the one whose text
// the answer contains, or failing that the one with the best token F1; -1
// when none shares a word with it.
func chooseOption(ans string, options []string) int {
	na := NormText(ans)
	best, bestF1 := -1, 0.0
	for i, o := range options {
		if containsWords(na, NormText(o)) {
			return i
		}
		if f := TokenF1(ans, o); f > bestF1 {
			best, bestF1 = i, f
		}
	}
	return best
}

// optionIs reports whether option i is the gold answer, given as the
// option's text or its letter ("B").
func optionIs(q Question, i int) bool {
	gold := strings.TrimSpace(q.Answer)
	if len(gold) == 1 && unicode.IsLetter(rune(gold[0])) {
		return int(unicode.ToUpper(rune(gold[0]))-'A') == i
	}
	return NormText(gold) == NormText(q.Options[i])
}
