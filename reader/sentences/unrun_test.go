package sentences

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/doc"
	"docqa/reader/base"
)

// A page's running head or foot, known from its document (Source.Running),
// is a sentence of its own that no reader answers from, though the
// sentence splitter ran it into the page's first sentence (issue 52).
func TestPoolRunning(t *testing.T) {
	pages := []string{
		"Page 4 of 48 Instructions for Form 1040NR 7:48 - 6-DEC-2007\nwho must file a return.",
		"Page 5 of 48 Instructions for Form 1040NR 7:48 - 6-DEC-2007\nwhen to file: by April 15, 2008.",
		"Page 6 of 48 Instructions for Form 1040NR 7:48 - 6-DEC-2007\nwhere to file the return.",
	}
	keys := doc.RunningKeys(pages)
	p := NewPool([]base.Source{{Doc: "i.pdf", Page: 5, Text: pages[1], Running: keys}}, base.DefaultParams())
	type sent struct {
		Text    string
		Running bool
	}
	var got []sent
	for i, c := range p.Sents {
		got = append(got, sent{SentText(p, i), c.Running})
	}
	want := []sent{{"Page 5 of 48 Instructions for Form 1040NR 7:48 - 6-DEC-2007", true}, {"when to file: by April 15, 2008.", false}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sentences (-want +got):\n%s", diff)
	}
}
