package main

import (
	"errors"

	"github.com/urfave/cli/v2"

	"docqa/ingest"
	"docqa/search"
)

// loadAttachments reads the --attach files: PDFs through the --extractor
// engine, text files as they are.
func loadAttachments(c *cli.Context) ([]*ingest.Attachment, error) {
	paths := c.StringSlice("attach")
	if len(paths) == 0 {
		return nil, nil
	}
	if err := checkExtractor(c.String("extractor")); err != nil {
		return nil, err
	}
	ex, err := ingestOptions(c).Open(c.Context)
	if err != nil {
		return nil, err
	}
	defer ingest.CloseExtractor(ex)
	var out []*ingest.Attachment
	for _, p := range paths {
		a, err := ingest.LoadAttachment(c.Context, p, ex, 0)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// knownDoc reports whether the manifest holds a document of the name.
func knownDoc(m *ingest.Manifest) func(string) bool {
	return func(name string) bool {
		if m == nil {
			return false
		}
		_, err := findDoc(m, name, false)
		return err == nil
	}
}

// errNoIndexYet tells apart "no index" (fine with attachments) from
// other failures to open one.
func errNoIndexYet(err error, atts []*ingest.Attachment) bool {
	return len(atts) > 0 && errors.Is(err, search.ErrNoIndex)
}
