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

// withStructure is s with what its page's structure gives the readers
// and the model: its tables and the path of the sections it stands in.
func withStructure(s Source, p doc.Page) Source {
	s.Grids = p.Grids
	s.Section = strings.Join(p.Section, " > ")
	return s
}
