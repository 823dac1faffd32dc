package answer

import (
	"context"

	"docqa/internal/doc"
)

// A runner keeps the running heads and feet of its documents, as ingest
// found them over all their pages ([search.Index.Running]).
type runner interface {
	Running(ctx context.Context, name string) ([]string, error)
}

// markRunning gives each source but a first page the running heads and
// feet its document repeats (reader.Source.Running): "Page 5 of 48
// Instructions for Form 1040NR 7:48 - 6-DEC-2007" is no answer to "When
// is Form 1040NR due?", nor "Copyright Office Summary December 1998 Page
// 5" to "what about page 5?" (issue 52). Found over the whole document
// at ingest, they are known on a page read alone, where the readers' own
// test needs the line on three pages of the context. The text stays as
// the page has it: the company a filing's running head names is the
// question's, though no answer. A first page keeps its lines as any
// other: the title a running head repeats stands there as the title. r
// without running heads changes nothing.
func markRunning(ctx context.Context, r Retriever, sources []Source) error {
	rr, ok := r.(runner)
	if !ok {
		return nil
	}
	keys := map[string][]string{}
	for i, s := range sources {
		if s.Page <= 1 {
			continue
		}
		k, seen := keys[s.Doc]
		if !seen {
			var err error
			if k, err = rr.Running(ctx, s.Doc); err != nil {
				return err
			}
			keys[s.Doc] = k
		}
		if start, end := doc.Unrun(s.Text, k); start > 0 || end < len(s.Text) {
			sources[i].Running = k
		}
	}
	return nil
}

// answerable is the text of s a quote may come from: without the running
// heads and feet of its document.
func answerable(s Source) string {
	start, end := doc.Unrun(s.Text, s.Running)
	return s.Text[start:end]
}
