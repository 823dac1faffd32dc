package tt

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"docqa/internal/table"
	"docqa/search"
)

func TestDump(t *testing.T) {
	if os.Getenv("IX") == "" {
		t.Skip()
	}
	ix, err := search.Open(context.Background(), os.Getenv("IX"), search.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	p, _ := strconv.Atoi(os.Getenv("PAGE"))
	text, ok, err := ix.Page(context.Background(), os.Getenv("DOC"), p)
	if err != nil || !ok {
		t.Fatal(err, ok)
	}
	if os.Getenv("TEXT") != "" {
		fmt.Println(text)
	}
	for _, r := range table.Rows(text) {
		var cs []string
		for _, c := range r.Cells {
			cs = append(cs, c.Text)
		}
		fmt.Printf("%q %q cols=%v scale=%q\n", r.Label, cs, r.Columns, r.Scale)
	}
}
