package ingest

import (
	"fmt"
	"sort"
	"strings"

	"docqa/internal/terms"
)

// NameError is a document name that names no indexed document, or
// several (by prefix).
type NameError struct {
	Name    string
	Matches []string // the documents it is a prefix of, when several
	Close   []string // names near it, nearest first, when none matches
}

func (e *NameError) Error() string {
	if len(e.Matches) > 1 {
		return fmt.Sprintf("%q matches %d documents: %s", e.Name, len(e.Matches), ListNames(e.Matches))
	}
	return fmt.Sprintf("no indexed document named %q", e.Name)
}

// Find finds one document by name: the exact name, the name in any
// letter case with or without ".pdf", or, when prefix is set, a prefix
// that only one document has. Otherwise it fails with a [*NameError]
// holding the candidates.
func (m *Manifest) Find(w string, prefix bool) (string, error) {
	if _, ok := m.Docs[w]; ok {
		return w, nil
	}
	lw := strings.ToLower(strings.TrimSpace(w))
	var prefixed []string
	for name := range m.Docs {
		ln := strings.ToLower(name)
		if ln == lw || strings.TrimSuffix(ln, ".pdf") == lw {
			return name, nil
		}
		if prefix && lw != "" && strings.HasPrefix(ln, lw) {
			prefixed = append(prefixed, name)
		}
	}
	sort.Strings(prefixed)
	switch {
	case len(prefixed) == 1:
		return prefixed[0], nil
	case len(prefixed) > 1:
		return "", &NameError{Name: w, Matches: prefixed}
	}
	return "", &NameError{Name: w, Close: m.closeNames(lw)}
}

// ListNames lists names, the first four and how many more.
func ListNames(names []string) string {
	if len(names) > 4 {
		return strings.Join(names[:4], ", ") + fmt.Sprintf(" and %d more", len(names)-4)
	}
	return strings.Join(names, ", ")
}

// closeNames lists up to three indexed names near w, nearest first:
// within a few edits of it, or containing it.
func (m *Manifest) closeNames(w string) []string {
	type cand struct {
		name string
		d    int
	}
	var cs []cand
	w = strings.TrimSuffix(w, ".pdf")
	for name := range m.Docs {
		base := strings.TrimSuffix(strings.ToLower(name), ".pdf")
		d := terms.EditDistance(base, w)
		if len(w) >= 3 && strings.Contains(base, w) {
			d = min(d, 1+len(base)-len(w))
		}
		if d <= max(2, len([]rune(w))/5) {
			cs = append(cs, cand{name, d})
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].d != cs[j].d {
			return cs[i].d < cs[j].d
		}
		return cs[i].name < cs[j].name
	})
	var out []string
	for i, c := range cs {
		if i == 3 || c.d > cs[0].d+1 {
			break
		}
		out = append(out, c.name)
	}
	return out
}
