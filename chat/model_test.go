package chat

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/answer"
	"docqa/prompts"
)

var twoDocs = []Option{
	{Index: 1, Label: "ae300-service-bulletin.pdf", Sublabel: "p. 1: Aurora Propulsion Works", Type: "document"},
	{Index: 2, Label: "ae300-handbook.pdf", Type: "document"},
}

func TestParseSelect(t *testing.T) {
	tests := []struct {
		reply string
		want  int // option index; 0: no pick
	}{
		{`{"option_index": 2}`, 2},
		{`{"option_index": 1, "option_label": ""}`, 1},
		{"```json\n{\"option_index\": 2}\n```", 2},
		{`{"option_index": 0, "option_label": "AE300-Handbook"}`, 2},
		{`{"option_index": 0, "option_label": "ae300-service-bulletin.pdf"}`, 1},
		{`{"option_index": 0}`, 0},
		{`{"option_index": 3}`, 0},
		{`{"option_index": -1}`, 0},
		{`{"option_index": 1.5}`, 0},
		{`{"option_index": "2"}`, 0},
		{`{"option_index": 0, "option_label": "ae330-handbook.pdf"}`, 0},
		{`the second one`, 0},
		{`{"option_index": 2`, 0},
		{``, 0},
	}
	for _, tt := range tests {
		o, ok := ParseSelect(tt.reply, twoDocs)
		if got := map[bool]int{true: o.Index}[ok]; got != tt.want || ok != (tt.want != 0) {
			t.Errorf("ParseSelect(%q) = %d, %v; want %d", tt.reply, o.Index, ok, tt.want)
		}
	}
}

func FuzzParseSelect(f *testing.F) {
	f.Add(`{"option_index": 2}`)
	f.Add(`{"option_label": "ae300-handbook.pdf"}`)
	f.Add(`}{`)
	f.Fuzz(func(t *testing.T, reply string) {
		if o, ok := ParseSelect(reply, twoDocs); ok && (o.Index < 1 || o.Index > len(twoDocs)) {
			t.Fatalf("picked %+v, not one of the options", o)
		}
	})
}

func TestParseGeneral(t *testing.T) {
	tests := []struct{ reply, want string }{
		{"Paris is the capital of France.", "Paris is the capital of France."},
		{"  Paris\nis the capital.\n", "Paris is the capital."},
		{"NONE", ""},
		{"none.", ""},
		{"**NONE**", ""},
		{"", ""},
		{"\x1b[2J\x00", "[2J"},
		{strings.Repeat("a ", 400), strings.TrimSpace(strings.Repeat("a ", 300)) + "…"},
	}
	for _, tt := range tests {
		if got := ParseGeneral(tt.reply); got != tt.want {
			t.Errorf("ParseGeneral(%q) = %q, want %q", tt.reply, got, tt.want)
		}
	}
}

func FuzzParseGeneral(f *testing.F) {
	f.Add("Paris is the capital of France.")
	f.Add("NONE")
	f.Add("\x1b\xff")
	f.Fuzz(func(t *testing.T, reply string) {
		got := ParseGeneral(reply)
		if len(got) > maxGeneral+len("…") || strings.ContainsFunc(got, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			t.Fatalf("ParseGeneral(%q) = %q", reply, got)
		}
	})
}

// fakeModel answers each prompt sheet with a scripted reply and counts
// the calls by sheet. It stands in for the model where the session's
// handling of replies is under test; the real server is in main's
// TestRealOllama.
type fakeModel struct {
	mu      sync.Mutex
	selects []string // replies to select.tmpl, in order
	general string   // reply to general.tmpl
	calls   map[string]int
}

func (m *fakeModel) Generate(_ context.Context, g answer.Generation) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.calls == nil {
		m.calls = map[string]int{}
	}
	p := g.Messages[len(g.Messages)-1].Content
	switch {
	case strings.Contains(p, "Which option does the reply choose?"):
		m.calls["select"]++
		r := `{"option_index": 0}`
		if len(m.selects) > 0 {
			r, m.selects = m.selects[0], m.selects[1:]
		}
		return r, nil
	case strings.Contains(p, "static knowledge"):
		m.calls["general"]++
		return m.general, nil
	}
	m.calls["answer"]++
	return "[CITATION]: none\n[ANSWER]: Not found in provided context.\n[EXPLANATION]: The context does not say.", nil
}

func withModel(t *testing.T, h *harness, m *fakeModel) {
	ps, err := prompts.Load("")
	if err != nil {
		t.Fatal(err)
	}
	h.cfg.Request.Model, h.cfg.Request.Prompts, h.cfg.Request.ModelName = m, ps, "fake"
}

// TestModelSelect: a free-form reply to pending options goes to the model
// (select_option) only when rules cannot settle it; its pick must be one
// of the options shown.
func TestModelSelect(t *testing.T) {
	ctx := t.Context()
	tests := []struct {
		name      string
		reply     string
		selects   []string
		kind      string
		calls     int
		wantLabel string // the document the pending question was answered in
	}{
		{"model picks by index", "the one that came out later", []string{`{"option_index": 2}`}, KindAnswer, 1, "ae300-handbook.pdf"},
		{"model picks by label", "the one that came out later", []string{`{"option_index": 0, "option_label": "ae300-service-bulletin.pdf"}`}, KindAnswer, 1, "ae300-service-bulletin.pdf"},
		{"model cannot tell", "the one that came out later", []string{`{"option_index": 0}`}, KindClarify, 1, ""},
		{"model out of range", "the one that came out later", []string{`{"option_index": 7}`}, KindClarify, 1, ""},
		{"ordinal: no model call", "second", nil, KindAnswer, 0, "ae300-handbook.pdf"},
		{"label: no model call", "the handbook", nil, KindAnswer, 0, "ae300-handbook.pdf"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			m := &fakeModel{selects: tt.selects}
			withModel(t, h, m)
			if r := h.Handle(ctx, "Who is Aurora Propulsion Works?"); r.Kind != KindOptions {
				t.Fatalf("first reply %s: %s", r.Kind, r.Text)
			}
			h.asked = nil
			r := h.Handle(ctx, tt.reply)
			if r.Kind != tt.kind || m.calls["select"] != tt.calls {
				t.Fatalf("reply %s with %d select call(s), want %s with %d: %s", r.Kind, m.calls["select"], tt.kind, tt.calls, r.Text)
			}
			if tt.wantLabel != "" {
				if len(h.asked) != 1 || !cmp.Equal(h.asked[0].Filter.Docs, []string{tt.wantLabel}) {
					t.Errorf("asked %+v, want the pending question in %s", h.asked, tt.wantLabel)
				}
				if h.Pending() != nil {
					t.Error("options still pending after the pick")
				}
			}
		})
	}
}

// TestGeneralKnowledge: a question the documents cannot answer gets the
// model's static knowledge, labelled as not from the documents; a model
// that declines, or no model at all, leaves "not found".
func TestGeneralKnowledge(t *testing.T) {
	ctx := t.Context()
	q := "What is the capital of France?"
	t.Run("answered and labelled", func(t *testing.T) {
		h := newHarness(t)
		m := &fakeModel{general: "Paris is the capital of France."}
		withModel(t, h, m)
		r := h.Handle(ctx, q)
		if r.Kind != KindAnswer || !strings.Contains(r.Text, "Not found in provided context.") || !strings.Contains(r.Text, GeneralLabel+" Paris is the capital of France.") {
			t.Errorf("reply %s: %q", r.Kind, r.Text)
		}
		if m.calls["general"] != 1 {
			t.Errorf("general calls %d, want 1", m.calls["general"])
		}
		if r := h.Handle(ctx, "which page was that from?"); r.Text != "My last answer cited no page." {
			t.Errorf("which page: %q", r.Text)
		}
	})
	t.Run("model declines", func(t *testing.T) {
		h := newHarness(t)
		withModel(t, h, &fakeModel{general: "NONE"})
		if r := h.Handle(ctx, q); r.Kind != KindAnswer || strings.Contains(r.Text, GeneralLabel) {
			t.Errorf("reply %s: %q", r.Kind, r.Text)
		}
	})
	t.Run("no model", func(t *testing.T) {
		h := newHarness(t)
		if r := h.Handle(ctx, q); r.Kind != KindAnswer || strings.Contains(r.Text, GeneralLabel) {
			t.Errorf("reply %s: %q", r.Kind, r.Text)
		}
	})
}
