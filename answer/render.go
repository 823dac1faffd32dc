package answer

import (
	"fmt"
	"io"
	"regexp"
	"strings"
)

// Render writes the answer in docqa's text form:
//
//	[CITATION]: "quote" (doc.pdf, p. 12)
//	[ANSWER]: ...
//	[EXPLANATION]: ...
//
// Each field is one line, and a label inside an answer or an explanation
// ("[CITATION]:" that a document or a model wrote) loses its brackets:
// nothing but docqa's own labels starts a line or reads as one.
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
		fmt.Fprintf(&b, "[CITATION]: \"%s\" (%s, p. %d%s)%s\n", oneLine(c.Quote), c.Doc, c.Page, ocr, mark)
	}
	fmt.Fprintf(&b, "[ANSWER]: %s\n", unlabel(oneLine(a.Answer)))
	fmt.Fprintf(&b, "[EXPLANATION]: %s\n", unlabel(oneLine(a.Explanation)))
	_, err := io.WriteString(w, b.String())
	return err
}

// unlabel writes the labels of docqa's output that s holds without their
// brackets: "[CITATION]:" as "CITATION:".
func unlabel(s string) string {
	return reLabel.ReplaceAllString(s, "$1")
}

var reLabel = regexp.MustCompile(`(?i)\[\s*(citation|answer|explanation)\s*\]`)

// oneLine folds a quote's line breaks and runs of spaces into single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
