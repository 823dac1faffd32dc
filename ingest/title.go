package ingest

import (
	"context"
	"strings"
	"unicode"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"

	"docqa/internal/doc"
)

// A Titler reads the title a PDF's document information gives.
type Titler interface {
	Title(ctx context.Context, data []byte) (string, error)
}

// Title returns the PDF's Title entry, "" when it has none.
func (p *Pdfium) Title(ctx context.Context, data []byte) (string, error) {
	return inInstance(ctx, p, data, func(inst pdfium.Pdfium) (string, error) {
		return onDocument(inst, data, func(d references.FPDF_DOCUMENT) (string, error) {
			r, err := inst.FPDF_GetMetaText(&requests.FPDF_GetMetaText{Document: d, Tag: "Title"})
			if err != nil {
				return "", pdfiumError(err)
			}
			return r.Value, nil
		})
	})
}

// Title reads the title with the first engine that can.
func (a *Auto) Title(ctx context.Context, data []byte) (string, error) {
	for _, e := range a.Engines {
		if t, ok := e.(Titler); ok {
			return t.Title(ctx, data)
		}
	}
	return "", nil
}

// maxTitle bounds a title's length: a longer one is a paragraph, not a
// name a question gives.
const maxTitle = 200

// titles returns the names a document goes by beside its file name, by
// which a question may name it ("Who wrote Free Culture?"): its
// information's title when it is one (not a file name, not a word
// processor's "Microsoft Word - draft.doc"), and the headings that open
// its first page ("Trace-based Just-in-Time Type Specialization for
// Dynamic Languages", the first one, two and three of them), each once.
func titles(meta string, first string) []string {
	var out []string
	add := func(t string) {
		// a document's information is the file's to say: no control
		// characters (PostgreSQL's JSON takes no NUL) or broken UTF-8
		t = strings.Map(func(r rune) rune {
			if unicode.IsControl(r) {
				return ' '
			}
			return r
		}, strings.ToValidUTF8(t, ""))
		t = strings.Join(strings.Fields(t), " ")
		if t == "" || len(t) > maxTitle || !strings.ContainsFunc(t, unicode.IsLetter) {
			return
		}
		for _, o := range out {
			if strings.EqualFold(o, t) {
				return
			}
		}
		out = append(out, t)
	}
	if !fileLike(meta) {
		add(meta)
		if main, _, ok := strings.Cut(meta, ":"); ok {
			add(main) // its main title without the subtitle
		}
	}
	// the opening headings, one more at a time: a title set on two
	// lines is two headings, and the authors' line may read as a third
	var head []string
	for _, b := range doc.Blocks(first, nil) {
		if b.Kind != doc.Heading || len(head) == 3 {
			break
		}
		head = append(head, first[b.Start:b.End])
		add(strings.Join(head, " "))
	}
	return out
}

// fileLike reports whether a document information's title names a file
// or is a placeholder rather than the document's title.
func fileLike(t string) bool {
	l := strings.ToLower(strings.TrimSpace(t))
	if l == "" || l == "untitled" || l == "title" || strings.HasPrefix(l, "microsoft ") {
		return true
	}
	for _, ext := range []string{".doc", ".pdf", ".tex", ".rtf", ".ps", ".dvi", ".indd", ".qxd", ".odt", ".ppt", ".xls"} {
		if strings.Contains(l, ext) {
			return true
		}
	}
	return false
}
