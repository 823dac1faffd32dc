package answer

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/prompts"
	"docqa/search"
)

func TestParsePlan(t *testing.T) {
	topic := "How do pilots detect carburettor icing? What is the maximum oil temperature?"
	tests := []struct {
		name  string
		reply string
		want  []string
	}{
		{"lines", "carburettor icing detection\nmaximum oil temperature limit\n", []string{"carburettor icing detection", "maximum oil temperature limit"}},
		{"marks and numbers", "1. carburettor icing signs\n2) oil temperature\n- \"pilots icing\"\n* `oil limit`", []string{"carburettor icing signs", "oil temperature", "pilots icing", "oil limit"}},
		{"unrelated lines dropped", "the weather in Paris\nicing\nand the of what", []string{"icing"}},
		{"repeats and blanks", "\n\nicing\nICING\n  \n", []string{"icing"}},
		{"too long", "icing " + string(make([]byte, 300)), nil},
		{"control characters", "icing\x1b[2J", nil},
		{"empty", "", nil},
		{"numbered 10.", "10. oil temperature", []string{"oil temperature"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ParsePlan(tt.reply, topic)); diff != "" {
				t.Errorf("ParsePlan(%q) (-want +got):\n%s", tt.reply, diff)
			}
		})
	}
}

func FuzzParsePlan(f *testing.F) {
	f.Add("1. oil temperature\n- icing", "What is the oil temperature?")
	f.Add("\x00\n\n\"\"", "")
	f.Fuzz(func(t *testing.T, reply, topic string) {
		for _, q := range ParsePlan(reply, topic) {
			if q == "" || len(q) > maxQueryLen {
				t.Fatalf("query %q", q)
			}
		}
	})
}

// scripted is a Generator that answers from a list and records the
// prompts; it stands in for the model where only the planner's handling
// of replies is under test (the real server is in system_test.go).
type scripted struct {
	replies []string
	err     error
	prompts []string
}

func (s *scripted) Generate(_ context.Context, g Generation) (string, error) {
	s.prompts = append(s.prompts, g.Messages[len(g.Messages)-1].Content)
	if s.err != nil {
		return "", s.err
	}
	r := ""
	if len(s.replies) > 0 {
		r, s.replies = s.replies[0], s.replies[1:]
	}
	return r, nil
}

func TestModelPlanner(t *testing.T) {
	ps, err := prompts.Load("")
	if err != nil {
		t.Fatal(err)
	}
	q := search.Question{Text: "how do pilots detect it?", History: []string{"What causes carburettor icing?"}}
	rules := search.Plan(q)
	t.Run("follow-up restated", func(t *testing.T) {
		var events []Event
		m := &scripted{replies: []string{"How do pilots detect carburettor icing?\nthe weather today\n"}}
		got, err := ModelPlanner{Model: m, Prompts: ps, Trace: func(e Event) { events = append(events, e) }}.Plan(t.Context(), q)
		if err != nil {
			t.Fatal(err)
		}
		want := append(rules, "How do pilots detect carburettor icing?")
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("plan (-want +got):\n%s", diff)
		}
		if len(m.prompts) != 1 || !strings.Contains(m.prompts[0], "What causes carburettor icing?") {
			t.Errorf("prompt lacks the earlier question: %q", m.prompts)
		}
		if len(events) != 1 || events[0].Stage != "plan" || events[0].Fields["model_queries"] != 1 {
			t.Errorf("trace %+v", events)
		}
	})
	t.Run("model fails: rule plan", func(t *testing.T) {
		got, err := ModelPlanner{Model: &scripted{err: ErrTimeout}, Prompts: ps}.Plan(t.Context(), q)
		if err != nil || !cmp.Equal(got, rules) {
			t.Errorf("plan %q, %v; want the rule plan %q", got, err, rules)
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		if _, err := (ModelPlanner{Model: &scripted{err: context.Canceled}, Prompts: ps}).Plan(t.Context(), q); !errors.Is(err, context.Canceled) {
			t.Errorf("error %v, want context.Canceled", err)
		}
	})
}
