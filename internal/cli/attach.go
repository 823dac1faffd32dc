package cli

import (
	"github.com/urfave/cli/v2"

	"docqa/ingest"
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
