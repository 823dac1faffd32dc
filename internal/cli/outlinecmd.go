package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"docqa/ingest"
	"docqa/internal/doc"
)

func outlineCommand() *cli.Command {
	return &cli.Command{
		Name:      "outline",
		Usage:     "print the outline of a PDF: its chapters and sections with their pages",
		ArgsUsage: "FILE.pdf|DOCNAME",
		Description: "Prints the outline of FILE.pdf as a PDF viewer's sidebar shows it: its bookmarks when it\n" +
			"has them, else the entries of its table of contents (each placed on the page whose heading\n" +
			"bears its title) or its numbered headings. DOCNAME, a document of the index as docqa docs\n" +
			"lists it, prints the outline ingest kept. Pages are pages of the file, 1 for the first.\n" +
			"A PDF that no engine opens (a password, a damaged file) has no outline docqa can read:\n" +
			"it says so and why, with a hint on standard error, and exits 0; a file that is no PDF is an error.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "extractor", Usage: "PDF text engine for FILE.pdf: auto, pdfium, pdftotext or ledongthuc", Value: "auto"},
		},
		Action: runOutline,
	}
}

// outlineResult is what docqa outline prints.
type outlineResult struct {
	Doc   string     `json:"doc"`
	From  string     `json:"from"` // bookmarks, contents, headings, or "" for none
	Parts []doc.Part `json:"outline"`
	// Unreadable says why no engine opened the file ("encrypted with a
	// password", "damaged or unsupported PDF"); "" when one did.
	Unreadable string `json:"unreadable,omitempty"`
}

// unreadable is the reason of err, a sentinel of ingest's, as the
// outline states it.
func unreadable(err error) string {
	for _, s := range []error{ingest.ErrEncrypted, ingest.ErrCorrupt} {
		if errors.Is(err, s) {
			return s.Error()
		}
	}
	return err.Error()
}

func runOutline(c *cli.Context) error {
	if c.NArg() != 1 {
		return &usageError{msg: "outline needs one PDF file or indexed document", hint: "docqa outline manual.pdf"}
	}
	if err := checkExtractor(c.String("extractor")); err != nil {
		return err
	}
	path := c.Args().First()
	var res outlineResult
	if indexedName(path) {
		idx, _, err := openIndex(c, true)
		if err != nil {
			return err
		}
		defer idx.Close()
		st, ok, err := idx.Structure(c.Context, path, 0, 0)
		if err != nil {
			return err
		}
		if !ok {
			return &hintError{err: fmt.Errorf("no file %s, and no indexed document of that name", printable(path)),
				hint: "give a PDF file, or a document name as docqa docs lists it"}
		}
		res = outlineResult{Doc: path, From: st.OutlineFrom, Parts: st.Outline}
	} else {
		ex, err := ingestOptions(c).Open(c.Context)
		if err != nil {
			return err
		}
		defer ingest.CloseExtractor(ex)
		parts, from, err := ingest.ReadOutline(c.Context, ex, path)
		// A PDF no engine opens (a password, a damaged file) has no
		// outline docqa can read: that is the answer, said with the
		// way out, not a failure of the command. A file that is no PDF
		// at all, or none, is.
		hint := ""
		switch {
		case errors.Is(err, ingest.ErrEncrypted):
			hint = "docqa reads no password-protected PDF: save a copy without the password (qpdf --decrypt in.pdf out.pdf) and give that"
		case errors.Is(err, ingest.ErrCorrupt):
			hint = "no engine could read its pages; if a viewer opens it, print it to a new PDF and give that"
		case err != nil:
			return fmt.Errorf("read %s: %w", path, err)
		}
		res = outlineResult{Doc: path, From: from, Parts: parts}
		if hint != "" {
			res.Unreadable = unreadable(err)
			fmt.Fprintf(c.App.ErrWriter, "docqa: hint: %s\n", hint)
		}
	}
	if res.Parts == nil {
		res.Parts = []doc.Part{}
	}
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	return writeOutline(c.App.Writer, res)
}

// writeOutline prints an outline as a tree, each title indented by its
// depth, its page at the right.
func writeOutline(w io.Writer, res outlineResult) error {
	if res.Unreadable != "" {
		_, err := fmt.Fprintf(w, "%s has no outline docqa can read: no engine opens it (%s)\n", printable(res.Doc), res.Unreadable)
		return err
	}
	if len(res.Parts) == 0 {
		_, err := fmt.Fprintf(w, "%s has no outline: no bookmarks, no table of contents, no numbered headings\n", printable(res.Doc))
		return err
	}
	if _, err := fmt.Fprintf(w, "%s (from its %s)\n", printable(res.Doc), res.From); err != nil {
		return err
	}
	for _, p := range res.Parts {
		page := "-"
		if p.Page > 0 {
			page = fmt.Sprintf("p. %d", p.Page)
		}
		indent := strings.Repeat("  ", max(p.Level-1, 0))
		if _, err := fmt.Fprintf(w, "%s%s  %s\n", indent, printable(p.Title), page); err != nil {
			return err
		}
	}
	return nil
}
