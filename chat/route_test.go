package chat

import (
	"context"
	"testing"
	"time"

	"docqa/answer"
	"docqa/search"
)

// FuzzRoute drives a session with arbitrary lines, pending options
// included: every line gets a reply of a known kind, and nothing panics.
func FuzzRoute(f *testing.F) {
	for _, s := range []string{"Who is Aurora?", "first", "third", "is x in the list?", "what did you say before that?",
		"/scope a b", "/attach", "128 * 64", "what time is it?", "weather", "the one from 2022", "/reset", "2^2^2^2", ""} {
		f.Add(s, "first")
	}
	sources := []answer.Source{{Doc: "a.pdf", Page: 1, Text: "Aurora Propulsion Works builds the AE-300 engine."}}
	kinds := map[string]bool{KindAnswer: true, KindOptions: true, KindClarify: true, KindContext: true, KindGeneral: true,
		KindOutOfScope: true, KindCommand: true, KindError: true, KindExit: true}
	f.Fuzz(func(t *testing.T, a, b string) {
		s := New(Config{
			Ask: func(_ context.Context, req answer.Request) (*answer.Answer, error) {
				return answer.Extractive(req.Question, req.Options, sources), nil
			},
			Rank: func(context.Context, string) ([]search.PageHit, error) {
				return []search.PageHit{{Doc: "a.pdf", Page: 1, Score: 1}, {Doc: "b.pdf", Page: 2, Score: 0.9}}, nil
			},
			Now: func() time.Time { return time.Unix(0, 0) },
		})
		for _, line := range []string{a, b, a} {
			r := s.Handle(context.Background(), line)
			if r == nil || !kinds[r.Kind] {
				t.Fatalf("Handle(%q) = %+v", line, r)
			}
		}
	})
}
