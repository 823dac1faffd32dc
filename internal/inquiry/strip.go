package inquiry

import (
	"strings"
	"unicode"

	"docqa/internal/lazyre"
)

// instruction matches a sentence or bracket that tells how to format the
// answer rather than what to find.
// An example in brackets stays: "(for example, Sharp divides in ...)"
// names the kind of thing asked for.
var instruction = lazyre.New(`(?i)(?:[.?!]\s+[(\[]?(?:please\s+)?(?:` + instructionWords + `|for example|e\.g\.)|\s+[(\[](?:please\s+)?(?:` + instructionWords + `))\b[^?]*$`)

const instructionWords = `write|give|return|format|answer|express|round|provide|respond|reply|output|list|use|your answer|the answer|answer should|answer shall|answer needs|\pL+\s+(?:the|your)\s+answer`

// StripInstructions drops trailing answer-format instructions from a
// question, keeping it whole if nothing would be left.
func StripInstructions(q string) string {
	loc := instruction.FindStringIndex(q)
	if loc == nil {
		return q
	}
	head := strings.TrimSpace(q[:loc[0]+1])
	if len(strings.Fields(head)) < 3 {
		return q
	}
	return strings.TrimRight(head, " ")
}

// KeyWords returns the words of s that carry its subject, in order and
// without repeats: s without question words, function words and
// punctuation at the edges of words.
func KeyWords(s string) string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.Fields(s) {
		w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		lw := strings.ToLower(w)
		if w == "" || functionWords[lw] || seen[lw] {
			continue
		}
		seen[lw] = true
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// functionWords carry no subject: question words, pronouns, articles,
// auxiliaries, prepositions and conjunctions.
var functionWords = wordSet(`what which who whom whose when where why how
		i me my we our you your he him his she her it its they them their this that these those there here
		a an the some any each every all both either neither no not
		is are was were be been being am do does did done doing has have had having
		can could shall should will would may might must
		of in on at to from by for with about into onto over under between among through during before after above below
		and or but nor so if then than as also too very just only
		tell show give explain describe please say said`)
