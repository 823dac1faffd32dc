package textmemo

import (
	"sync"
	"testing"
)

// A Memo works a text out once, forgets everything when full, and a nil
// one works every text out.
func TestMemo(t *testing.T) {
	calls := 0
	work := func(s string) int { calls++; return len(s) }
	var m Memo[int]
	for range 3 {
		if got := m.Get("abc", work); got != 3 {
			t.Fatalf("Get = %d, want 3", got)
		}
	}
	if calls != 1 || m.Len() != 1 {
		t.Errorf("%d works for one text, %d remembered; want 1, 1", calls, m.Len())
	}
	for i := range Size {
		m.Get(string(rune('a'+i%26))+string(rune(i)), work)
	}
	if m.Len() > Size {
		t.Errorf("%d texts remembered, want at most %d", m.Len(), Size)
	}
	var none *Memo[int]
	calls = 0
	none.Get("x", work)
	none.Get("x", work)
	if calls != 2 {
		t.Errorf("a nil Memo worked %d times for two Gets, want 2", calls)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() { m.Get(string(rune('A'+i)), func(s string) int { return len(s) }) })
	}
	wg.Wait()
}
