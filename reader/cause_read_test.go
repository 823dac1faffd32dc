package reader

import (
	"docqa/reader/base"
	"strings"
	"testing"
)

// A cause given in the sentence after the change it explains is quoted
// with that sentence, and the answer line is the cause; a question about
// a cause that no sentence gives is refused.
func TestReadCause(t *testing.T) {
	sources := []base.Source{{Doc: "e.pdf", Page: 3, Text: "Balance Sheet\nMerchandise inventories, net at the end of fiscal 2022 totaled $1.6 billion compared to $1.5 billion at the end of fiscal 2021. The $104.2 million increase was primarily due to the opening of 47 new stores and inventory cost increases.\nShare Repurchase Program\nThe Company repurchased 722,457 shares."}}
	a := readText("What drove the increase in merchandise inventories at the end of fiscal 2022?", nil, sources)
	if !a.Found() || a.Answer != "due to the opening of 47 new stores and inventory cost increases." {
		t.Fatalf("answer %q (%s), want the cause", a.Answer, a.Explanation)
	}
	if len(a.Quotes) != 1 || !strings.HasPrefix(a.Quotes[0].Text, "Merchandise inventories") || !quoted(a, sources) {
		t.Errorf("quotes %+v, want the change and its cause, verbatim", a.Quotes)
	}
	// the words asking for the cause ("drove") are answered by the pair
	// that gives it, though the page never uses them (on the page the
	// search ranks first: on another, a sentence that covers under
	// MinCoverage of the question is refused)
	other := []base.Source{sources[0], {Doc: "e.pdf", Page: 2, Text: "Ulta Beauty reported results for the fourth quarter of fiscal 2022, the year ended January 28, 2023. Net sales increased 18.3% to $3.2 billion."}}
	if a := readText("What drove the increase in Ulta Beauty's merchandise inventories balance at the end of FY2023?", nil, other); a.Answer != "due to the opening of 47 new stores and inventory cost increases." {
		t.Errorf("answer %q (%s), want the cause", a.Answer, a.Explanation)
	}
	// the same sentence on a page the search ranks lower covers too
	// little of the question to answer (MinTopCoverage, MinCoverage)
	if a := readText("What drove the increase in Ulta Beauty's merchandise inventories balance at the end of FY2023?", nil, []base.Source{other[1], other[0]}); a.Found() {
		t.Errorf("answered %q from the second page, covering under MinCoverage", a.Answer)
	}
	none := []base.Source{{Doc: "e.pdf", Page: 3, Text: "Merchandise inventories, net at the end of fiscal 2022 totaled $1.6 billion compared to $1.5 billion at the end of fiscal 2021. The Company repurchased 722,457 shares."}}
	if a := readText("What drove the increase in merchandise inventories at the end of fiscal 2022?", nil, none); a.Found() {
		t.Errorf("no cause given: answered %q", a.Answer)
	}
}
