// Package lazyre holds regular expressions compiled on first use.
//
// A package that keeps many patterns at package level (reader holds 170)
// compiles them all when the program starts, whatever the command runs:
// 6 to 7 ms of every docqa process, a quarter of a question that matches
// nothing (issue 40). A [Regexp] compiles when first matched, once.
package lazyre

import (
	"context"
	"regexp"
	"sync"
)

// A Regexp is a regular expression compiled on first use. Its methods
// are those of [regexp.Regexp]; a pattern that does not compile panics
// on first use, as [regexp.MustCompile] would at start ([Check] finds
// such a pattern in a test).
type Regexp struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

var (
	mu  sync.Mutex
	all []*Regexp
)

// New returns a Regexp for src, compiled when first used.
func New(src string) *Regexp {
	r := &Regexp{src: src}
	mu.Lock()
	all = append(all, r)
	mu.Unlock()
	return r
}

// Check compiles every Regexp made so far and returns the first error.
func Check() error {
	mu.Lock()
	rs := append([]*Regexp(nil), all...)
	mu.Unlock()
	for _, r := range rs {
		if _, err := regexp.Compile(r.src); err != nil {
			return err
		}
	}
	return nil
}

// Re returns the compiled expression.
func (r *Regexp) Re() *regexp.Regexp {
	r.compile()
	if r.re == nil {
		return regexp.MustCompile(r.src) // panics, saying why
	}
	return r.re
}

// compile compiles the pattern once; r.re stays nil when it does not
// compile.
func (r *Regexp) compile() {
	r.once.Do(func() { r.re, _ = regexp.Compile(r.src) })
}

// Warm compiles the patterns made so far, in the order they were made,
// until ctx is done, so that a caller with a core to spare (a question
// while its index opens) finds them compiled when it first matches. A
// pattern that does not compile is left for its first use to panic.
func Warm(ctx context.Context) {
	mu.Lock()
	rs := append([]*Regexp(nil), all...)
	mu.Unlock()
	for _, r := range rs {
		if ctx.Err() != nil {
			return
		}
		r.compile()
	}
}

func (r *Regexp) String() string                       { return r.src }
func (r *Regexp) MatchString(s string) bool            { return r.Re().MatchString(s) }
func (r *Regexp) FindString(s string) string           { return r.Re().FindString(s) }
func (r *Regexp) FindStringIndex(s string) []int       { return r.Re().FindStringIndex(s) }
func (r *Regexp) FindStringSubmatch(s string) []string { return r.Re().FindStringSubmatch(s) }
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.Re().FindStringSubmatchIndex(s)
}
func (r *Regexp) FindAllString(s string, n int) []string { return r.Re().FindAllString(s, n) }
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.Re().FindAllStringIndex(s, n)
}
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.Re().FindAllStringSubmatch(s, n)
}
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.Re().FindAllStringSubmatchIndex(s, n)
}
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.Re().ReplaceAllString(src, repl)
}
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.Re().ReplaceAllStringFunc(src, repl)
}
func (r *Regexp) Split(s string, n int) []string { return r.Re().Split(s, n) }
func (r *Regexp) SubexpIndex(name string) int    { return r.Re().SubexpIndex(name) }

// ContainsFold reports whether s holds one of words, compared without
// regard to ASCII case. Each word is lower-case ASCII without k or s:
// Go's (?i) folds those two letters with U+212A and U+017F as well, and
// every other ASCII letter with its capital alone, so a (?i) pattern
// that needs one of words to match cannot match a text without them. It
// is the test before a pattern run over every line of a page.
func ContainsFold(s string, words ...string) bool {
	for _, w := range words {
		if len(w) == 0 {
			return true
		}
		first, n := w[0], len(w)
		for i := 0; i+n <= len(s); i++ {
			if lower(s[i]) != first {
				continue
			}
			j := 1
			for j < n && lower(s[i+j]) == w[j] {
				j++
			}
			if j == n {
				return true
			}
		}
	}
	return false
}

// lower is b in lower case when it is an ASCII capital.
func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}
