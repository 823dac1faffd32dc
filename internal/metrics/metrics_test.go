package metrics

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, in string
		want     []Metric
		err      error
	}{
		{"empty", "", nil, nil},
		{"comments and blanks", "# x\n\n  \n", nil, nil},
		{"one", "quick ratio | acid-test ratio = (cash + receivables) / current liabilities",
			[]Metric{{Names: []string{"quick ratio", "acid-test ratio"}, Formula: "(cash + receivables) / current liabilities", Items: []string{"cash", "receivables", "current liabilities"}}}, nil},
		{"numbers and average", "DPO = 365 * average accounts payable / cost of goods sold",
			[]Metric{{Names: []string{"DPO"}, Formula: "365 * average accounts payable / cost of goods sold", Items: []string{"accounts payable", "cost of goods sold"}}}, nil},
		{"no formula", "margin", nil, ErrBadLine},
		{"no name", " = a / b", nil, ErrBadLine},
		{"no item", "x = 365 / 7", nil, ErrBadLine},
	}
	for _, tt := range tests {
		got, err := Parse(strings.NewReader(tt.in))
		if !errors.Is(err, tt.err) {
			t.Errorf("%s: err %v, want %v", tt.name, err, tt.err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestStandard(t *testing.T) {
	if ms := Standard(); len(ms) < 20 {
		t.Errorf("Standard() has %d metrics", len(ms))
	}
}

// FuzzParse: any text parses or fails with ErrBadLine, never panics, and
// every metric read has a name and an item.
func FuzzParse(f *testing.F) {
	f.Add(standard)
	f.Add("a | b = (c + d) / e\n# x\n")
	f.Fuzz(func(t *testing.T, s string) {
		ms, err := Parse(strings.NewReader(s))
		if err != nil {
			if !errors.Is(err, ErrBadLine) {
				t.Fatalf("error %v is not ErrBadLine", err)
			}
			return
		}
		for _, m := range ms {
			if len(m.Names) == 0 || len(m.Items) == 0 {
				t.Fatalf("metric %+v without a name or an item", m)
			}
		}
	})
}

func TestUnjoin(t *testing.T) {
	ms := Standard()
	tests := []struct{ q, want string }{
		{"Does Adobe have an improving Free cashflow conversion as of FY2022?", "Does Adobe have an improving Free cash flow conversion as of FY2022?"},
		{"What was the Cashflow from operations?", "What was the cash flow from operations?"},
		{"No joined words here.", "No joined words here."},
	}
	for _, tt := range tests {
		if got := Unjoin(tt.q, ms); got != tt.want {
			t.Errorf("Unjoin(%q) = %q, want %q", tt.q, got, tt.want)
		}
	}
}
