// Package cache keeps the session cache of docqa chat: the last context,
// its pages, question and answer, valid for a few minutes, so a follow-up
// question can start from what was just read.
package cache

import (
	"strings"
	"sync"
	"time"
)

// TTL is how long an entry stays usable: five minutes, so a follow-up
// within a conversation is fast and a question an hour later is fresh.
const TTL = 5 * time.Minute

// Page is a page of the cached context and the text of it the context
// held.
type Page struct {
	Doc  string
	Page int
	Text string
}

// Entry is what the cache holds.
type Entry struct {
	Context  string
	Pages    []Page
	Question string
	Answer   string
	At       time.Time
}

// Session is a one-entry cache, safe for concurrent use. The clock is
// injectable for tests.
type Session struct {
	mu    sync.Mutex
	entry *Entry
	now   func() time.Time
	ttl   time.Duration
}

// New returns an empty session cache on the given clock (nil means
// time.Now) with the default TTL.
func New(now func() time.Time) *Session {
	if now == nil {
		now = time.Now
	}
	return &Session{now: now, ttl: TTL}
}

// Put stores e, stamped with the current time.
func (s *Session) Put(e Entry) {
	e.At = s.now()
	e.Pages = append([]Page(nil), e.Pages...)
	s.mu.Lock()
	s.entry = &e
	s.mu.Unlock()
}

// Get returns the entry if it is younger than the TTL. An expired entry
// is dropped.
func (s *Session) Get() (Entry, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.entry == nil {
		return Entry{}, false
	}
	if s.now().Sub(s.entry.At) >= s.ttl {
		s.entry = nil
		return Entry{}, false
	}
	e := *s.entry
	e.Pages = append([]Page(nil), e.Pages...)
	return e, true
}

// Clear drops the entry.
func (s *Session) Clear() {
	s.mu.Lock()
	s.entry = nil
	s.mu.Unlock()
}

// Markers of a follow-up's context, which the prompts explain to the model.
const (
	Retained   = "[Previous context retained]"
	NewContext = "---NEW CONTEXT---"
)

// FollowUp builds a follow-up's context: the cached context, then the new
// one, within budget characters. The new context is kept whole when it
// fits; the cached one gets what is left, cut at a line break.
func FollowUp(cached, fresh string, budget int) string {
	head := Retained + "\n"
	sep := "\n" + NewContext + "\n"
	room := budget - len(head) - len(sep) - len(fresh)
	if cached == "" || room <= 0 {
		return Cut(fresh, budget)
	}
	return head + Cut(cached, room) + sep + fresh
}

// Cut shortens s to at most n bytes, at the last line break (or space)
// before the limit, never inside a UTF-8 sequence.
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	s = s[:n]
	if i := strings.LastIndexByte(s, '\n'); i > n/2 {
		return s[:i]
	}
	if i := strings.LastIndexByte(s, ' '); i > n/2 {
		return s[:i]
	}
	for len(s) > 0 && s[len(s)-1]&0xC0 == 0x80 {
		s = s[:len(s)-1]
	}
	if len(s) > 0 && s[len(s)-1] >= 0xC0 {
		s = s[:len(s)-1]
	}
	return s
}
