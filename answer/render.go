package answer

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"docqa/internal/lazyre"
)

// Render writes the answer in docqa's text form:
//
//	[CITATION]: "quote" (doc.pdf, p. 12)
//	[ANSWER]: ...
//	[EXPLANATION]: ...
//
// Each field is one line, and a label inside an answer or an explanation
// ("[CITATION]:" that a document or a model wrote) loses its brackets:
// nothing but docqa's own labels starts a line or reads as one. A
// document's name and every text are printed so that they cannot split
// a line ([Escape]): a file named "x\n[ANSWER]: 0000.pdf" forges no
// answer.
func Render(w io.Writer, a *Answer) error {
	var b strings.Builder
	if len(a.Citations) == 0 {
		b.WriteString("[CITATION]: none\n")
	}
	for _, c := range a.Citations {
		mark := ""
		if !c.Verified {
			mark = " [unverified]"
		}
		ocr := ""
		if c.OCR {
			ocr = ", OCR"
		}
		fmt.Fprintf(&b, "[CITATION]: \"%s\" (%s, p. %d%s)%s\n", Escape(oneLine(c.Quote)), Escape(c.Doc), c.Page, ocr, mark)
	}
	fmt.Fprintf(&b, "[ANSWER]: %s\n", Escape(unlabel(oneLine(a.Answer))))
	fmt.Fprintf(&b, "[EXPLANATION]: %s\n", Escape(unlabel(oneLine(a.Explanation))))
	_, err := io.WriteString(w, b.String())
	return err
}

// unlabel writes the labels of docqa's output that s holds without their
// brackets: "[CITATION]:" as "CITATION:".
func unlabel(s string) string {
	return reLabel.ReplaceAllString(s, "$1")
}

var reLabel = lazyre.New(`(?i)\[\s*(citation|answer|explanation)\s*\]`)

// Printable returns s so that it cannot start or split a line of
// docqa's output, nor steer a terminal: control characters, Unicode line
// and paragraph separators and bidirectional overrides are escaped as
// %q escapes them ("\n", "\x1b", "\u2028", "\u202e"); everything else
// stands as written. [Printable] is its twin for a model's streamed
// text, which keeps its line breaks.
func Escape(s string) string {
	if !strings.ContainsFunc(s, unprintable) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unprintable(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// unprintable reports whether r may break or disguise a line.
func unprintable(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r)
}

// oneLine folds a quote's line breaks and runs of spaces into single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
