package eval

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestListItems(t *testing.T) {
	tests := []struct {
		gold string
		want []string
		ok   bool
	}{
		{`['Gaussian Mixture Models', 'the high dimensionality of vector embeddings']`, []string{"Gaussian Mixture Models", "the high dimensionality of vector embeddings"}, true},
		{`["POPQA", 'MS MARCO',  'SST-2' ]`, []string{"POPQA", "MS MARCO", "SST-2"}, true},
		{`['it\'s', "a, b"]`, []string{"it's", "a, b"}, true},
		{`['0', '0']`, []string{"0", "0"}, true},
		{`[]`, nil, false},
		{`['unclosed]`, nil, false},
		{`['a' 'b']`, nil, false},
		{`[1, 2]`, nil, false},
		{`The answer [1]`, nil, false},
		{`12.5%`, nil, false},
	}
	for _, tt := range tests {
		got, ok := listItems(tt.gold)
		if ok != tt.ok || !cmp.Equal(got, tt.want) {
			t.Errorf("listItems(%q) = %q, %v; want %q, %v", tt.gold, got, ok, tt.want, tt.ok)
		}
	}
}

func TestContainsItems(t *testing.T) {
	tests := []struct {
		got, gold string
		all, ok   bool
	}{
		{"Our clustering is based on Gaussian Mixture Models (GMMs). The high dimensionality of vector embeddings presents a challenge.",
			`['Gaussian Mixture Models', 'the high dimensionality of vector embeddings']`, true, true},
		{"Our clustering is based on Gaussian Mixture Models (GMMs).",
			`['Gaussian Mixture Models', 'the high dimensionality of vector embeddings']`, false, true},
		{"POPQA and MS MARCO", `['POPQA', 'MS MARCO', 'SST-2']`, false, true},
		{"12.5%", "12.5%", false, false},
		{"The access zone has nodes; the data storage zone holds files", "data storage zone; access zone", true, true},
		{"The access zone has nodes", "data storage zone; access zone", false, true},
		{"one item;", "one item;", false, false},
	}
	for _, tt := range tests {
		all, ok := containsItems(tt.got, tt.gold)
		if all != tt.all || ok != tt.ok {
			t.Errorf("containsItems(%q, %q) = %v, %v; want %v, %v", tt.got, tt.gold, all, ok, tt.all, tt.ok)
		}
	}
}

func FuzzListItems(f *testing.F) {
	for _, s := range []string{`['a', "b"]`, `['it\'s']`, `[`, `['`, `[''`, `[1]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, gold string) {
		items, ok := listItems(gold)
		if ok != (len(items) > 0) {
			t.Errorf("listItems(%q) = %q, %v: ok must say whether there are items", gold, items, ok)
		}
	})
}
