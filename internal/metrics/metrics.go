// Package metrics reads definitions of financial metrics: a name, its
// aliases and a formula over statement items ("quick ratio = (cash and
// cash equivalents + marketable securities + accounts receivable) /
// current liabilities"). docqa ships the standard ones (metrics.txt,
// sources named there); a user adds their own in the same layout.
package metrics

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

// Metric is one definition.
type Metric struct {
	Names   []string // the name, then its aliases, as written
	Formula string   // as written after "="
	// Items are the statement items the formula names, in order,
	// without repeats and without "average".
	Items []string
}

// ErrBadLine means a definition line could not be read.
var ErrBadLine = errors.New("bad metric definition")

//go:embed metrics.txt
var standard string

// Standard returns the definitions docqa ships.
func Standard() []Metric {
	ms, err := Parse(strings.NewReader(standard))
	if err != nil {
		panic(err) // metrics.txt is part of the program; TestStandard reads it
	}
	return ms
}

// operand splits a formula at its operators and parentheses.
var operand = regexp.MustCompile(` - |[+*/()]`)

// Parse reads definitions, one a line, "NAME | ALIAS ... = FORMULA";
// blank lines and lines starting with "#" are skipped.
func Parse(r io.Reader) ([]Metric, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var out []Metric
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		names, formula, ok := strings.Cut(line, "=")
		formula = strings.TrimSpace(formula)
		if !ok || formula == "" {
			return nil, fmt.Errorf("line %d: %w: want NAME = FORMULA", n+1, ErrBadLine)
		}
		m := Metric{Formula: formula}
		for _, name := range strings.Split(names, "|") {
			if name = strings.TrimSpace(name); name != "" {
				m.Names = append(m.Names, name)
			}
		}
		if len(m.Names) == 0 {
			return nil, fmt.Errorf("line %d: %w: no name before =", n+1, ErrBadLine)
		}
		seen := map[string]bool{}
		for _, part := range operand.Split(formula, -1) {
			part = strings.TrimSpace(strings.TrimPrefix(strings.Trim(strings.TrimSpace(part), "[]"), "average "))
			if part == "" || strings.Trim(part, "0123456789. ") == "" || seen[part] {
				continue
			}
			seen[part] = true
			m.Items = append(m.Items, part)
		}
		if len(m.Items) == 0 {
			return nil, fmt.Errorf("line %d: %w: the formula names no item", n+1, ErrBadLine)
		}
		out = append(out, m)
	}
	return out, nil
}

// Unjoin writes apart the words of q that join two words of a metric's
// name or item: "Free cashflow conversion" names the free cash flow
// conversion.
func Unjoin(q string, ms []Metric) string {
	pairs := map[string]string{}
	for _, m := range ms {
		for _, n := range slices.Concat(m.Names, m.Items) {
			w := strings.Fields(strings.ToLower(n))
			for i := 1; i < len(w); i++ {
				pairs[w[i-1]+w[i]] = w[i-1] + " " + w[i]
			}
		}
	}
	return reWord.ReplaceAllStringFunc(q, func(w string) string {
		if p, ok := pairs[strings.ToLower(w)]; ok {
			return p
		}
		return w
	})
}

var reWord = regexp.MustCompile(`[A-Za-z]+`)
