// Package textmemo remembers what was worked out of a text: the terms of
// a passage, the rows of a page's tables, read again by the sub-questions
// of a question and the questions of a chat.
package textmemo

import "sync"

// Size is how many texts a [Memo] remembers.
const Size = 4096

// A Memo remembers what was worked out of the last [Size] texts,
// forgetting them all when full. The zero Memo is empty and ready; a nil
// one remembers nothing. It is safe for concurrent use.
type Memo[T any] struct {
	mu sync.Mutex
	m  map[string]T
}

// Get returns work(text), remembered.
func (m *Memo[T]) Get(text string, work func(string) T) T {
	if m == nil {
		return work(text)
	}
	m.mu.Lock()
	v, ok := m.m[text]
	m.mu.Unlock()
	if ok {
		return v
	}
	v = work(text)
	m.mu.Lock()
	if m.m == nil || len(m.m) >= Size {
		m.m = map[string]T{}
	}
	m.m[text] = v
	m.mu.Unlock()
	return v
}

// Len returns how many texts m remembers.
func (m *Memo[T]) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.m)
}
