package answer

import (
	"context"

	"docqa/internal/doc"
)

// markRunning gives each source but a first page the running heads and
// feet its document repeats (reader.Source.Running): "Page 5 of 48
// Instructions for Form 1040NR 7:48 - 6-DEC-2007" is no answer to "When
// is Form 1040NR due?", nor "Copyright Office Summary December 1998 Page
// 5" to "what about page 5?" (issue 52). Found over the whole document
// at ingest ([doc.Structure.Running]), they are known on a page read alone, where the readers' own
// test needs the line on three pages of the context. The text stays as
// the page has it: the company a filing's running head names is the
// question's, though no answer. A first page keeps its lines as any
// other: the title a running head repeats stands there as the title.
// Without structure (structure nil) it changes nothing.
func markRunning(ctx context.Context, structure structureFunc, sources []Source) error {
	if structure == nil {
		return nil
	}
	keys := map[string][]string{}
	for i, s := range sources {
		if s.Page <= 1 {
			continue
		}
		k, seen := keys[s.Doc]
		if !seen {
			st, _, err := structure(ctx, s.Doc, 0, 0)
			if err != nil {
				return err
			}
			k = st.Running
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
