package tables

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/table"
)

func TestRowContexts(t *testing.T) {
	page := `Cash flows (In millions) 2023 2022
Net income 72,361 72,738
Changes in operating assets and liabilities:
Inventories 1,242 (1,123)
Accounts receivable (4,087) (6,834)
Net cash from operations 87,582 89,035
Earnings per share:
Basic $ 9.72 $ 9.70
Diluted $ 9.68 $ 9.65
NET INCOME PER COMMON SHARE ATTRIBUTABLE TO
COSTCO:
Diluted $ 11.27 $ 9.02
`
	rows := table.Rows(page)
	var got []rowContext
	for _, c := range rowContexts(page, rows) {
		got = append(got, c)
	}
	want := []rowContext{
		{heading: "Cash flows (In millions) 2023 2022"},
		{heading: "Changes in operating assets and liabilities:", change: true},
		{heading: "Changes in operating assets and liabilities:", change: true},
		{heading: "Changes in operating assets and liabilities:"}, // the section's total ends the changes
		{heading: "Earnings per share:"},
		{heading: "Earnings per share:"},
		{heading: "NET INCOME PER COMMON SHARE ATTRIBUTABLE TO COSTCO:"}, // a heading over two lines
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(rowContext{})); diff != "" {
		t.Errorf("rowContexts (-want +got):\n%s", diff)
	}
}
