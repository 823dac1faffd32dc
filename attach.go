package main

import (
	"errors"

	"github.com/urfave/cli/v2"

	"docqa/answer"
	"docqa/ingest"
	"docqa/search"
)

// loadAttachments reads the --attach files: PDFs through the --extractor
// engine, text files as they are.
func loadAttachments(c *cli.Context) ([]*ingest.Attachment, error) {
	var out []*ingest.Attachment
	for _, p := range c.StringSlice("attach") {
		a, err := attachOne(c, p)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// attachOne reads one attached file.
func attachOne(c *cli.Context, path string) (*ingest.Attachment, error) {
	if err := checkExtractor(c.String("extractor")); err != nil {
		return nil, err
	}
	ex, err := ingestOptions(c).Open(c.Context)
	if err != nil {
		return nil, err
	}
	defer ingest.CloseExtractor(ex)
	return ingest.LoadAttachment(c.Context, path, ex, 0)
}

// knownDoc reports whether the manifest holds a document of the name.
func knownDoc(m *ingest.Manifest) func(string) bool {
	return func(name string) bool {
		_, err := findDoc(m, name, false)
		return err == nil
	}
}

// openRetriever opens the index for answering, read-only. With no index,
// or an empty one, the retriever is nil and the manifest empty: chat and
// ask --attach work without one. close releases what was opened.
func openRetriever(c *cli.Context) (r answer.Retriever, idx *search.Index, m *ingest.Manifest, close func(), err error) {
	idx, m, err = openIndex(c, true)
	switch {
	case errors.Is(err, search.ErrNoIndex):
		return nil, nil, &ingest.Manifest{}, func() {}, nil
	case err != nil:
		return nil, nil, nil, nil, err
	}
	if len(m.Docs) > 0 {
		r = idx
	}
	return r, idx, m, func() { idx.Close() }, nil
}
