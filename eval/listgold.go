package eval

import "strings"

// listItems returns the items of a gold answer written as a list, as
// MMLongBench writes one ("['Gaussian Mixture Models', 'the high
// dimensionality of vector embeddings']"), or ok false for any other
// answer. Items are quoted with ' or "; a backslash escapes the next
// character.
func listItems(gold string) (items []string, ok bool) {
	s := strings.TrimSpace(gold)
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return nil, false
	}
	s = strings.TrimSpace(s[1 : len(s)-1])
	for s != "" {
		q := s[0]
		if q != '\'' && q != '"' {
			return nil, false
		}
		var b strings.Builder
		i := 1
		for ; i < len(s) && s[i] != q; i++ {
			if s[i] == '\\' && i+1 < len(s) {
				i++
			}
			b.WriteByte(s[i])
		}
		if i == len(s) {
			return nil, false // unclosed
		}
		items = append(items, b.String())
		s = strings.TrimSpace(s[i+1:])
		if s == "" {
			break
		}
		if s[0] != ',' {
			return nil, false
		}
		s = strings.TrimSpace(s[1:])
	}
	return items, len(items) > 0
}

// containsItems reports whether got holds every item of the list gold,
// each as whole words after [NormText]; ok is false when gold is no list.
func containsItems(got, gold string) (all, ok bool) {
	items, ok := goldList(gold)
	if !ok {
		return false, false
	}
	g := NormText(got)
	for _, it := range items {
		if !containsWords(g, NormText(it)) {
			return false, true
		}
	}
	return true, true
}

// goldItems counts the items of a list gold, 1 for a gold of one.
func goldItems(gold string) int {
	if items, ok := goldList(gold); ok {
		return len(items)
	}
	return 1
}

// goldList returns the items of a gold answer that is a list, written
// as a Python list or "A; B; C"; ok is false for a gold of one item.
func goldList(gold string) ([]string, bool) {
	if items, ok := listItems(gold); ok {
		return items, true
	}
	return semicolonItems(gold)
}

// semicolonItems returns the items of a gold answer written "A; B; C",
// as the natural set writes a list in the document's order; ok is false
// for an answer of one item.
func semicolonItems(gold string) (items []string, ok bool) {
	for _, it := range strings.Split(gold, ";") {
		if it = strings.TrimSpace(it); it != "" {
			items = append(items, it)
		}
	}
	return items, len(items) > 1
}
