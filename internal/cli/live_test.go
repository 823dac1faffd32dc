package cli

import (
	"strings"
	"testing"

	"docqa/search"
)

// TestLiveView checks what the terminal gets: steps drawn over each
// other, the streamed draft on a line of its own without the model's
// control characters, and the line closed before the answer is printed.
func TestLiveView(t *testing.T) {
	tests := []struct {
		name string
		do   func(v *liveView)
		want string
	}{
		{"steps", func(v *liveView) {
			v.step(search.Step{Label: "Searching"})
			v.step(search.Step{Label: "Searching", Done: true, Detail: "3 page(s) found"})
			v.end()
		}, "\r\033[KSearching…\r\033[KSearching: 3 page(s) found\n"},
		{"stream after a step under way", func(v *liveView) {
			v.step(search.Step{Label: "Asking m"})
			v.token("[ANSWER]: ")
			v.token("42")
			v.end()
		}, "\r\033[KAsking m…\n[ANSWER]: 42\n"},
		{"control characters dropped", func(v *liveView) {
			v.token("a\x1b[2Jb\rc\x07\td\u202ee\x00\nf\x85")
			v.end()
		}, "a[2Jbc\tde\nf\n"}, // without ESC, "[2J" is only text
		{"a step after streamed text starts a line", func(v *liveView) {
			v.token("draft")
			v.step(search.Step{Label: "Checking quotes", Done: true, Detail: "asking once more"})
			v.token("second\n")
			v.end()
		}, "draft\n\r\033[KChecking quotes: asking once more\nsecond\n"},
		{"only control characters", func(v *liveView) {
			v.step(search.Step{Label: "Asking m"})
			v.token("\x1b\x1b")
			v.end()
		}, "\r\033[KAsking m…\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			tt.do(&liveView{w: &b})
			if got := b.String(); got != tt.want {
				t.Errorf("terminal got %q, want %q", got, tt.want)
			}
		})
	}
	var nilView *liveView
	nilView.end()
	if nilView.onStep() != nil || nilView.onToken() != nil {
		t.Error("a nil view gives callbacks")
	}
}

// TestLiveViewWipesDraft: where the terminal's width is known, the
// model's draft is wiped when the answer is done, the rows it filled
// (wrapped ones too) cleared from the bottom up, so that the checked
// answer printed next stands in its place instead of under a copy.
func TestLiveViewWipesDraft(t *testing.T) {
	tests := []struct {
		name string
		do   func(v *liveView)
		want string
	}{
		{"three lines", func(v *liveView) {
			v.step(search.Step{Label: "Asking m"})
			v.token("[CITATION]: \"a\"\n[ANSWER]: 42\n[EXPLANATION]: b")
			v.wipe()
			v.end()
		}, "\r\033[KAsking m…\n[CITATION]: \"a\"\n[ANSWER]: 42\n[EXPLANATION]: b" + "\r\033[K" + strings.Repeat("\033[1A\033[K", 2)},
		{"a line the terminal wraps", func(v *liveView) {
			v.token("0123456789abcdefghijKLM")
			v.wipe()
			v.end()
		}, "0123456789abcdefghijKLM\r\033[K\033[1A\033[K"},
		{"a draft ending in a new line", func(v *liveView) {
			v.token("[ANSWER]: 42\n")
			v.wipe()
			v.end()
		}, "[ANSWER]: 42\n\r\033[K\033[1A\033[K"},
		{"a cancelled answer's draft stays", func(v *liveView) {
			v.token("[ANSWER]: 4")
			v.end()
		}, "[ANSWER]: 4\n"},
		{"a draft a step has answered stays", func(v *liveView) {
			v.token("first")
			v.step(search.Step{Label: "Checking quotes", Done: true, Detail: "asking once more"})
			v.token("second")
			v.wipe()
			v.end()
		}, "first\n\r\033[KChecking quotes: asking once more\nsecond\r\033[K"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			tt.do(&liveView{w: &b, cols: func() int { return 20 }})
			if got := b.String(); got != tt.want {
				t.Errorf("terminal got %q, want %q", got, tt.want)
			}
		})
	}
}
