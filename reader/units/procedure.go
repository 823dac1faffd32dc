package units

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"docqa/internal/doc"
	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// A numbered procedure answers what its order answers: its first or last
// step, the step after or before the one a question describes ("I just
// plugged the power supply into P16 ... What do I do now?"), and how many
// steps it has. The procedure is the one whose heading, announcing
// sentence and steps hold the most of the question's weighted terms
// ([base.Params.MinProcedure] at least); the step a question describes is the
// one whose own words hold the most of them.

// stepPlace is the place in a procedure a question asks for.
type stepPlace int

const (
	placeCount  stepPlace = iota + 1 // how many steps
	placeFirst                       // the first step
	placeLast                        // the last step
	placeBefore                      // the step before the one described
	placeNext                        // the step after the one described
)

// reStepNamed names a step by its number: "after step 3".
var reStepNamed = lazyre.New(`(?i)\bstep\s+(\d{1,2})\b`)

// askedPlace is the place q asks for ([inquiry.Question.Asked]), by the words of order
// (orderwords.go), most particular first; 0 for none.
func askedPlace(q *inquiry.Question) stepPlace {
	asked := q.Asked
	_, last := sentences.EndOf(q, sentences.ReLast, sentences.StepWords)
	_, first := sentences.EndOf(q, sentences.ReFirst, nil)
	switch {
	case sentences.CountsKind(q, sentences.StepWords):
		return placeCount
	case first:
		return placeFirst
	case last:
		return placeLast
	case sentences.ReBefore.MatchString(asked):
		return placeBefore
	case sentences.ReAfter.MatchString(asked):
		return placeNext
	}
	return 0
}

func TakeProcedure(q *inquiry.Question, par base.Params) (base.ReadPages, string) {
	return base.TakeParsed(q, func(q *inquiry.Question) (base.ReadPages, bool) {
		place := askedPlace(q)
		// "Did Steamboat Bill come out before Steamboat Willie?" asks
		// yes or no, not for a step
		if place == 0 || sentences.ReYesNoQ.MatchString(q.Asked) {
			return nil, false
		}
		return func(pages []base.Source) (base.Reading, bool) { return readProcedure(q, place, pages, par) }, true
	})
}

// readProcedure answers the place q asks for from the procedure of pages
// that matches q best; ok is false when none matches well enough, two
// match alike, or the step described is not one step.
func readProcedure(q *inquiry.Question, place stepPlace, pages []base.Source, p base.Params) (base.Reading, bool) {
	w, total := unitWeights(procedureAsked(q), pages, p)
	if total == 0 {
		return base.Reading{}, false
	}
	// the first step and the count need the procedure whole; the step
	// after or before one, the steps about it
	whole := place == placeFirst || place == placeCount
	// a numbered procedure, or one whose steps are bullets that each
	// tell what to do ("• Slide the operating panel upward")
	run, l, cover, ok := matchedList(pages, w, total, func(run docRun, l doc.List, _ float64) bool {
		return len(l.Items) >= 2 && (l.Numbered && (!whole || l.Nums[0] == 1) || !l.Numbered && run.imperative(l, p))
	})
	if !ok || cover < p.MinProcedure {
		return base.Reading{}, false
	}
	step := func(i int) base.Quote { return run.quote(run.firstSentence(l.Items[i], l.Marks[i])) }
	at := -1
	switch place {
	case placeCount:
		first, lastQ := step(0), step(len(l.Items)-1)
		n := len(l.Items)
		return base.Reading{
			Answer:      strconv.Itoa(n),
			Explanation: fmt.Sprintf("The procedure%s has %d %s steps; the first and the last are quoted.", under(l), n, map[bool]string{true: "numbered", false: "bulleted"}[l.Numbered]),
			Quotes:      []base.Quote{first, lastQ},
		}.Covering(cover), true
	case placeFirst:
		at = 0
	case placeLast:
		at = len(l.Items) - 1
	case placeBefore, placeNext:
		d := described(q, run, l, w)
		if d < 0 {
			return base.Reading{}, false
		}
		if at = d + 1; place == placeBefore {
			at = d - 1
		}
		if at < 0 || at >= len(l.Items) {
			return base.Reading{}, false
		}
	}
	qt := step(at)
	how := fmt.Sprintf("Step %d of the procedure%s (steps %d to %d on these pages).", l.Nums[at], under(l), l.Nums[0], l.Nums[len(l.Nums)-1])
	if !l.Numbered {
		how = fmt.Sprintf("Step %d of the %d bulleted steps of the procedure%s.", at+1, len(l.Items), under(l))
	}
	return base.Reading{
		Answer:      qt.Text,
		Explanation: how,
		Quotes:      []base.Quote{qt},
	}.Covering(cover), true
}

// imperative reports whether the items of a bulleted list are steps:
// [base.Params.MinImperative] of them or more read as a command, a capitalised
// verb and then its object's determiner or a particle ("Slide the
// operating panel upward", "Press the ON/OFF switch", "Pour milk ..."
// fails, and counts against), where a list of things names them
// ("Teacher or trainee", "Days you commute to work").
func (run docRun) imperative(l doc.List, par base.Params) bool {
	n := 0
	for i, it := range l.Items {
		ws := strings.Fields(run.text(run.firstSentence(it, l.Marks[i]))) // its mark left out
		if len(ws) >= 2 && unicode.IsUpper([]rune(ws[0])[0]) && commandObject[strings.ToLower(ws[1])] {
			n++
		}
	}
	return float64(n) >= par.MinImperative*float64(len(l.Items))
}

// commandObject are the words that follow a command's verb: its object's
// determiner, or a particle ("Switch off the machine").
var commandObject = sentences.WordSet("the a an your this these all any each both it them off on up down out in into back over away")

// doing are the words that ask for doing, not what is done: a
// procedure is matched by what it does, and by what it is called (its
// steps, its tasks), but not by "required" or "take", nor by the place
// asked ("the first thing I do"), which [askedPlace] reads.
var doing = sentences.WordSet("required require requires needed need needs take takes perform do does did i you we thing things first last next")

// procedureAsked is what q asks ([inquiry.Question.Asked]) without the
// words that ask for doing.
func procedureAsked(q *inquiry.Question) string {
	return strings.Join(slices.DeleteFunc(strings.Fields(q.Asked), func(w string) bool {
		return doing[strings.ToLower(strings.Trim(w, "?,.!;:'\""))]
	}), " ")
}

// under names the section a procedure stands in, for an explanation.
func under(l doc.List) string {
	if l.Heading == "" {
		return ""
	}
	return fmt.Sprintf(" under %q", l.Heading)
}

// described is the step of l that what q asks ([inquiry.Question.Asked])
// describes: named by its number, or
// the one whose own words hold the largest weighted share of q's terms,
// and more than any other step; -1 for none.
func described(q *inquiry.Question, run docRun, l doc.List, w map[string]float64) int {
	if m := reStepNamed.FindStringSubmatch(q.Asked); m != nil {
		n, _ := strconv.Atoi(m[1])
		for i, num := range l.Nums {
			if num == n {
				return i
			}
		}
		return -1
	}
	best, held, tie := -1, 0.0, false
	for i, it := range l.Items {
		h := sentences.WeightOf(w, run.text(it))
		switch {
		case h > held:
			best, held, tie = i, h, false
		case h == held && h > 0:
			tie = true
		}
	}
	if tie {
		return -1
	}
	return best
}
