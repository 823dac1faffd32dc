package answer

import (
	"context"
	"strings"

	"docqa/internal/doc"
)

// A structurer is a [Retriever] that keeps what ingest read of its
// documents' structure ([search.Index.Structure]): their outlines,
// running heads and feet, and each page's blocks, marks and tables.
type structurer interface {
	Structure(ctx context.Context, name string, from, to int) (doc.Structure, bool, error)
}

// structureFunc reads a document's structure with its pages from to to
// ([structurer]); nil for a [Retriever] that keeps none.
type structureFunc func(ctx context.Context, name string, from, to int) (doc.Structure, bool, error)

// structureOf returns r's reader of structure, nil when it keeps none.
func structureOf(r Retriever) structureFunc {
	if s, ok := r.(structurer); ok {
		return s.Structure
	}
	return nil
}

// page returns page n of name's structure: its own, the sections it
// stands in, its document's running keys; none when f is nil.
func (f structureFunc) page(ctx context.Context, name string, n int) (doc.Page, error) {
	if f == nil {
		return doc.Page{Number: n}, nil
	}
	st, _, err := f(ctx, name, n, n)
	if err != nil {
		return doc.Page{}, err
	}
	return st.Of(n), nil
}

// withStructure is s with its page's structure ([reader.Source.Structure]).
func withStructure(s Source, p doc.Page) Source {
	s.Structure = p
	return s
}

// sectionSep sets the titles of a section's path apart in a context.
const sectionSep = " > "

// sectionPath is the path of the sections s stands in, as a context
// names it: "Getting Started > Installation Tasks"; "" for none.
func sectionPath(s Source) string { return strings.Join(s.Structure.Section, sectionSep) }
