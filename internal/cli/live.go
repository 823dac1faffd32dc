package cli

import (
	"io"
	"os"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"docqa/answer"
	"docqa/search"
)

// liveView shows an answer's progress on stderr when it is a terminal:
// each search step on one line, a step under way drawn over by the next,
// and the model's reply as it streams, which is only a draft until its
// quotes are checked: when the answer is done the draft is wiped
// ([liveView.wipe]) and stdout's checked answer takes its place (where
// the terminal's width is known; elsewhere the draft stays above it). A
// nil view shows nothing.
type liveView struct {
	w io.Writer
	// cols is the terminal's width in columns, 0 when unknown.
	cols func() int

	mu      sync.Mutex
	pending bool // the line holds a step under way, ending in "…"
	mid     bool // the line holds streamed text
	// rows and col: the terminal rows the draft has filled below its
	// first, and the column it has reached on the last
	rows, col int
	wide      int // the width the draft was laid out at
}

// newLiveView returns the view for ask and chat, or nil when progress is
// not shown: stderr is not a terminal, or --quiet or --json is set.
func newLiveView(c *cli.Context) *liveView {
	if !liveOutput(c) {
		return nil
	}
	v := &liveView{w: c.App.ErrWriter}
	if f, ok := c.App.ErrWriter.(*os.File); ok {
		v.cols = func() int {
			w, _, err := term.GetSize(int(f.Fd()))
			if err != nil {
				return 0
			}
			return w
		}
	}
	return v
}

// liveOutput reports whether an answer's progress (search steps, the
// model's streamed reply) is shown: stderr is a terminal and neither
// --quiet nor --json is set.
func liveOutput(c *cli.Context) bool {
	return isTerminal(c.App.ErrWriter) && !c.Bool("quiet") && !wantJSON(c)
}

// step writes a step over the line of the one before: a step under way
// ends in "…", a finished one gets its detail and a new line.
func (v *liveView) step(s search.Step) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.endStream()
	v.rows, v.col = 0, 0 // a draft before a step stays: the step says what became of it
	line := s.Label
	if s.Done && s.Detail != "" {
		line += ": " + s.Detail
	}
	if s.Done {
		io.WriteString(v.w, "\r\033[K"+line+"\n")
		v.pending = false
		return
	}
	io.WriteString(v.w, "\r\033[K"+line+"…")
	v.pending = true
}

// token writes streamed text without its control characters: a model's
// reply is outside data, and an escape sequence in it would drive the
// terminal.
func (v *liveView) token(s string) {
	s = strings.Map(answer.Printable, s)
	if s == "" {
		return
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.pending {
		io.WriteString(v.w, "\n") // the draft starts under "Asking …"
		v.pending = false
	}
	if v.rows == 0 && v.col == 0 && v.cols != nil {
		v.wide = v.cols()
	}
	io.WriteString(v.w, s)
	v.mid = !strings.HasSuffix(s, "\n")
	for _, r := range s {
		switch {
		case r == '\n':
			v.rows, v.col = v.rows+1, 0
		case v.wide > 0 && v.col == v.wide:
			v.rows, v.col = v.rows+1, 1 // the terminal wrapped the line
		default:
			v.col++
		}
	}
}

// end finishes the line that streamed text or a step under way left
// open, so what is printed next starts on a line of its own.
func (v *liveView) end() {
	if v == nil {
		return
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.endStream()
	if v.pending {
		io.WriteString(v.w, "\n")
		v.pending = false
	}
}

// wipe clears the draft the model streamed, where the terminal's width
// is known, once the checked answer is there to take its place: the row
// the cursor is on and each above it the draft filled. A draft an answer
// that failed or was cancelled leaves stays.
func (v *liveView) wipe() {
	if v == nil {
		return
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.wide > 0 && (v.rows > 0 || v.col > 0) {
		io.WriteString(v.w, "\r\033[K"+strings.Repeat("\033[1A\033[K", v.rows))
		v.rows, v.col, v.mid = 0, 0, false
	}
}

func (v *liveView) endStream() {
	if v.mid {
		io.WriteString(v.w, "\n")
		v.mid = false
	}
}

// onStep and onToken are the view's callbacks for an answer request, nil
// for a nil view.
func (v *liveView) onStep() func(search.Step) {
	if v == nil {
		return nil
	}
	return v.step
}

func (v *liveView) onToken() func(string) {
	if v == nil {
		return nil
	}
	return v.token
}

// wantJSON reports whether --json was given, before the command (the
// global flag) or after it: a command that has its own --json would
// otherwise hide the global one.
func wantJSON(c *cli.Context) bool {
	for _, x := range c.Lineage() {
		if x.Bool("json") {
			return true
		}
	}
	return false
}
