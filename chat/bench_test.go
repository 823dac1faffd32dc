package chat

import (
	"context"
	"testing"
	"time"

	"docqa/reader"
)

// BenchmarkFollowUp times the same second question with a warm session
// cache (right after the first question) and cold (a fresh session and
// no memo of split pages), in one run, and reports the ratio (issue 6
// target: <= 0.5).
func BenchmarkFollowUp(b *testing.B) {
	h := newHarness(b)
	ctx := context.Background()
	const first, second = "What is the maximum oil temperature?", "and what oil pressure is acceptable?"
	var warm, cold time.Duration
	for i := 0; i < b.N; i++ {
		s := New(h.cfg)
		if r := s.Handle(ctx, first); r.Kind != KindAnswer {
			b.Fatalf("first: %s", r.Kind)
		}
		t0 := time.Now()
		if r := s.Handle(ctx, second); r.Kind != KindAnswer {
			b.Fatalf("warm: %s %q", r.Kind, r.Text)
		}
		warm += time.Since(t0)

		s = New(h.cfg)
		reader.ForgetPages() // cold: as a fresh process
		t0 = time.Now()
		if r := s.Handle(ctx, second); r.Kind != KindAnswer && r.Kind != KindOptions {
			b.Fatalf("cold: %s %q", r.Kind, r.Text)
		}
		cold += time.Since(t0)
	}
	b.ReportMetric(float64(warm.Microseconds())/float64(b.N), "warm-µs/op")
	b.ReportMetric(float64(cold.Microseconds())/float64(b.N), "cold-µs/op")
	b.ReportMetric(float64(warm)/float64(cold), "warm/cold")
}
