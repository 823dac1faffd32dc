package cache

import (
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// clock is a test clock that only moves when told to.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func TestExpiry(t *testing.T) {
	c := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	s := New(c.Now)
	if _, ok := s.Get(); ok {
		t.Fatal("empty cache returned an entry")
	}
	s.Put(Entry{Context: "ctx", Pages: []Page{{"h.pdf", 4, "text"}}, Question: "q", Answer: "a"})
	c.Add(4*time.Minute + 59*time.Second)
	e, ok := s.Get()
	if !ok || e.Context != "ctx" || e.Pages[0] != (Page{"h.pdf", 4, "text"}) {
		t.Fatalf("entry 4m59s old: %+v %v, want it", e, ok)
	}
	c.Add(time.Second) // exactly five minutes
	if _, ok := s.Get(); ok {
		t.Fatal("entry five minutes old was used")
	}
	c.Add(-time.Hour) // the dropped entry does not come back
	if _, ok := s.Get(); ok {
		t.Fatal("expired entry came back")
	}
}

func TestConcurrent(t *testing.T) {
	s := New(nil)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 200 {
				if (i+j)%3 == 0 {
					s.Put(Entry{Context: "c", Pages: []Page{{"d", j, "t"}}})
				} else if e, ok := s.Get(); ok {
					e.Pages[0].Page = -1 // a caller's copy: must not reach the cache
				}
			}
		}()
	}
	wg.Wait()
	if e, ok := s.Get(); ok && e.Pages[0].Page < 0 {
		t.Error("a caller's change reached the cached entry")
	}
}

func TestFollowUp(t *testing.T) {
	tests := []struct {
		name          string
		cached, fresh string
		budget        int
		want          string
		wantPrefix    string
	}{
		{"both fit", "old text", "new text", 100, Retained + "\nold text\n" + NewContext + "\nnew text", ""},
		{"no cache", "", "new text", 100, "new text", ""},
		{"cached cut at a line", "line one\nline two is long", "new", 60, "", Retained + "\nline one\n" + NewContext},
		{"new alone over budget", "old", strings.Repeat("x", 50), 20, strings.Repeat("x", 20), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FollowUp(tt.cached, tt.fresh, tt.budget)
			if len(got) > tt.budget {
				t.Errorf("%d chars over a budget of %d", len(got), tt.budget)
			}
			if tt.want != "" && got != tt.want {
				t.Errorf("FollowUp = %q, want %q", got, tt.want)
			}
			if tt.wantPrefix != "" && !strings.HasPrefix(got, tt.wantPrefix) {
				t.Errorf("FollowUp = %q, want it to start %q", got, tt.wantPrefix)
			}
		})
	}
}

func FuzzFollowUp(f *testing.F) {
	f.Add("old\ntext", "new text", 40)
	f.Add("é漢字", "ü", 5)
	f.Fuzz(func(t *testing.T, cached, fresh string, budget int) {
		if budget < 0 || budget > 1<<16 || !utf8.ValidString(cached) || !utf8.ValidString(fresh) {
			return
		}
		got := FollowUp(cached, fresh, budget)
		if len(got) > budget {
			t.Fatalf("%d chars over a budget of %d", len(got), budget)
		}
		if !utf8.ValidString(got) {
			t.Fatalf("invalid UTF-8: %q", got)
		}
	})
}

// BenchmarkFollowUpContext measures what a follow-up waits for before its
// new searches return: reading the warm cache and building the context.
func BenchmarkFollowUpContext(b *testing.B) {
	s := New(nil)
	s.Put(Entry{Context: strings.Repeat("The maximum oil temperature is 110 degrees Celsius.\n", 110), Question: "q"})
	fresh := strings.Repeat("Change the oil every 400 flight hours.\n", 40)
	b.ReportAllocs()
	for b.Loop() {
		e, ok := s.Get()
		if !ok {
			b.Fatal("cache cold")
		}
		_ = FollowUp(e.Context, fresh, 6000)
	}
}
