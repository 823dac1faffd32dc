package prose

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/sentences"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"docqa/internal/lazyre"
)

// "What degree does LEBOUR have?" is answered by the letters written
// after the name ("By G. A. LEBOUR, M.A., F.G.S."): a byline, a list of
// officers or of staff gives a person's degrees so, and no sentence says
// them. The word "degree" in the body ("in the slightest degree") is no
// answer.

// reDegreeQ asks what degree a person holds; its group is the person.
var reDegreeQ = lazyre.New(`(?i)^\s*(?:what|which)\s+(?:academic\s+|university\s+)?degrees?\s+(?:does|did|do|has|have)\s+(.+?)\s+(?:have|hold|earn|get|receive|possess)(?:ed|s)?\b[^?]*\??\s*$`)

// reTitle is a title before a name, which the document may leave out.
var reTitle = lazyre.New(`(?i)^(?:(?:dr|mr|mrs|ms|prof|professor|sir)\.?\s+)+`)

// reDegree is an academic degree as written after a name: bachelor's,
// master's and doctor's degrees in their usual abbreviations (M.A.,
// B.Sc., Ph.D., MBA, LL.M.). Fellowships and memberships (F.G.S.,
// FRCS, CPA) are no degrees.
var reDegree = lazyre.New(`^(?:[BMD]\.?\s?(?:A|S|Sc|Eng|Ed|Phil|Arch|Mus|Litt|Com|Tech|Pharm|B\.?\s?A|P\.?\s?H)|Ph\.?\s?D|M\.?\s?D|J\.?\s?D|Ed\.?\s?D|LL\.?\s?[BMD]|M\.?\s?B\.?\s?A|M\.?\s?P\.?\s?H|D\.?\s?D\.?\s?S|D\.?\s?V\.?\s?M)\.?$`)

// credentials are the letters after a name: comma, then short words of
// capitals and points ("M.A.", "F.G.S.", "PhD").
const credentials = `((?:,[ \t]*[A-Z][A-Za-z.]{0,9}){1,6})`

// reLetters is a fellowship's or membership's letters: capitals and
// points ("F.G.S.", "FRCS", "CPA").
var reLetters = lazyre.New(`^(?:[A-Z]\.?){2,6}$`)

// asksDegree returns the person whose degree q asks for, or "".
func asksDegree(q *inquiry.Question) string {
	m := reDegreeQ.FindStringSubmatch(q.Text)
	if m == nil {
		return ""
	}
	return strings.TrimSpace(reTitle.ReplaceAllString(strings.TrimSpace(m[1]), ""))
}

// readDegree answers what degree the person q names holds from the
// letters after their name in the sources. ok is false when q asks no
// such thing, or the sources give no degree after the name, or give two
// people of that name different ones.
func readDegree(q *inquiry.Question, sources []base.Source) (base.Reading, bool) {
	who := asksDegree(q)
	if who == "" {
		return base.Reading{}, false
	}
	words := strings.Fields(who)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	re, err := regexp.Compile(`(?i)\b` + strings.Join(words, `[\s.]+`) + `\b` + `(?-i)` + credentials)
	if err != nil {
		return base.Reading{}, false
	}
	var found []string
	var quote base.Quote
	for _, src := range sources {
		for _, m := range re.FindAllStringSubmatchIndex(src.Text, -1) {
			var held []string
			for _, c := range strings.Split(src.Text[m[2]:m[3]], ",")[1:] {
				c = strings.TrimSpace(c)
				if reDegree.MatchString(c) {
					held = append(held, c)
				} else if !reLetters.MatchString(c) {
					break // a word ("Boston, MA"): the letters have ended
				}
			}
			if len(held) == 0 {
				continue
			}
			d := strings.Join(held, ", ")
			if !slices.Contains(found, d) {
				found = append(found, d)
			}
			if quote.Text == "" {
				quote = base.Quote{Text: sentences.OneLine(src.Text[m[0]:m[1]]), Doc: src.Doc, Page: src.Page}
			}
		}
	}
	if len(found) != 1 {
		return base.Reading{}, false
	}
	return base.Reading{
		Answer:      found[0],
		Quotes:      []base.Quote{quote},
		Explanation: fmt.Sprintf("Extractive answer (no language model): the degrees written after %q on p. %d of %s.", who, quote.Page, quote.Doc),
	}, true
}

func ReadDegreeOf(q *inquiry.Question, in *sentences.Context) base.Outcome {
	return base.Answered(readDegree(q, in.P.Sources))
}
