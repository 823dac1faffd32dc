package chat

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/search"
)

func TestPageOnly(t *testing.T) {
	tests := []struct {
		q    string
		want []search.PageRange // nil: the follow-up asks more than a page
	}{
		{"what about page 5?", []search.PageRange{{From: 5, To: 5}}},
		{"and on page 12?", []search.PageRange{{From: 12, To: 12}}},
		{"how about the second page?", []search.PageRange{{From: 2, To: 2}}},
		{"what about page 5 of the bulletin?", nil},
		{"what does page 5 say about torque?", nil},
		{"and the other one?", nil},
		{"what about 5?", nil},
	}
	for _, tt := range tests {
		got, ok := pageOnly(tt.q)
		if ok != (tt.want != nil) {
			t.Errorf("pageOnly(%q) ok = %v; want %v", tt.q, ok, tt.want != nil)
			continue
		}
		if diff := cmp.Diff(tt.want, got); ok && diff != "" {
			t.Errorf("pageOnly(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}
