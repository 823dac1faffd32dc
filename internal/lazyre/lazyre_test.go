package lazyre

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A Regexp answers as the compiled expression does; Check names a
// pattern that does not compile, which New accepts until its first use.
func TestRegexp(t *testing.T) {
	src := `(\d+) (apples|pears)`
	r, want := New(src), regexp.MustCompile(src)
	text := "3 apples and 12 pears"
	got := []any{r.MatchString(text), r.FindString(text), r.FindStringIndex(text), r.FindStringSubmatch(text),
		r.FindAllString(text, -1), r.FindAllStringSubmatch(text, -1), r.ReplaceAllString(text, "$2"),
		r.ReplaceAllStringFunc(text, strings.ToUpper), r.Split(text, -1), r.String()}
	exp := []any{want.MatchString(text), want.FindString(text), want.FindStringIndex(text), want.FindStringSubmatch(text),
		want.FindAllString(text, -1), want.FindAllStringSubmatch(text, -1), want.ReplaceAllString(text, "$2"),
		want.ReplaceAllStringFunc(text, strings.ToUpper), want.Split(text, -1), want.String()}
	if diff := cmp.Diff(exp, got); diff != "" {
		t.Errorf("(-regexp +lazyre):\n%s", diff)
	}
	if err := Check(); err != nil {
		t.Fatalf("Check with good patterns: %v", err)
	}
	New(`(unclosed`)
	if err := Check(); err == nil {
		t.Error("Check passed a pattern that does not compile")
	}
	mu.Lock()
	all = all[:len(all)-1]
	mu.Unlock()
}

// Warm compiles what it reaches before its context ends; a pattern that
// does not compile still panics on first use, after Warm passed it.
func TestWarm(t *testing.T) {
	r := New(`warm(ed)?`)
	bad := New(`(unclosed`)
	defer func() {
		mu.Lock()
		all = all[:len(all)-2]
		mu.Unlock()
	}()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	Warm(ctx)
	if r.re != nil {
		t.Error("Warm compiled with its context done")
	}
	Warm(context.Background())
	if r.re == nil {
		t.Error("Warm left a pattern uncompiled")
	}
	if !r.MatchString("warmed") {
		t.Error("a warmed pattern does not match")
	}
	defer func() {
		if recover() == nil {
			t.Error("a pattern that does not compile did not panic on first use")
		}
	}()
	bad.MatchString("x")
}

func TestContainsFold(t *testing.T) {
	for _, tt := range []struct {
		s     string
		words []string
		want  bool
	}{
		{"Consolidated Balance Sheets", []string{"tatemen", "balanc"}, true},
		{"CONSOLIDATED STATEMENTS", []string{"tatemen"}, true},
		{"Statemen t of Income", []string{"tatemen"}, true},
		{"Notes to the financial", []string{"tatemen", "balanc"}, false},
		{"tatem", []string{"tatemen"}, false},
		{"", []string{"a"}, false},
		{"anything", nil, false},
		{"x", []string{""}, true},
		{"\xff\xfeBALANC", []string{"balanc"}, true},
	} {
		if got := ContainsFold(tt.s, tt.words...); got != tt.want {
			t.Errorf("ContainsFold(%q, %q) = %v, want %v", tt.s, tt.words, got, tt.want)
		}
	}
}
