package search

import (
	"context"
	"runtime"
	"slices"
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
	"golang.org/x/sync/errgroup"

	"docqa/internal/inquiry"
	"docqa/internal/terms"
)

// A question over a whole index usually names what it is about: a
// company ("Has AMCOR's quick ratio improved?"), a product, a model. The
// documents that never mention that name cannot answer it, however well
// their pages match its other words ("quick ratio" is in every annual
// report). [Index.namedDocs] narrows a search over several documents to
// those that mention the most of the question's rare names: names in at
// most half of the documents, so that a word every document holds
// ("Table", "Company") selects nothing.

// names returns the words of q written with a capital past its first
// word, as search terms, each once: "AMCOR", "Boeing", "JnJ". A question
// written in capitals names nothing by them.
func names(q string) []string {
	q = inquiry.SearchText(q)
	if terms.UpperShare(q) > 0.8 {
		return nil
	}
	var out []string
	for i, w := range strings.Fields(q) {
		w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		if i == 0 || len(w) < 2 || !unicode.IsUpper([]rune(w)[0]) || strings.IndexFunc(w, unicode.IsDigit) >= 0 {
			continue
		}
		for _, t := range terms.Of(w) {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// namedDocs returns the documents that mention the most of q's rare
// names ([names]), sorted, or nil when q names nothing that sets some
// documents apart.
func (x *Index) namedDocs(ctx context.Context, q string) ([]string, error) {
	ns := names(q)
	if len(ns) == 0 {
		return nil, nil
	}
	total, err := x.st.docCount(ctx)
	if err != nil {
		return nil, err
	}
	// the documents of each name, a core each: a name's are a search of
	// their own, on the question's way before its search (4 to 7% of a
	// FinanceBench question's CPU at 27.5k pages, issue 40)
	with := make([][]string, len(ns))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, n := range ns {
		g.Go(func() (err error) {
			with[i], err = x.st.docsWith(gctx, n)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	count := map[string]int{}
	for _, docs := range with {
		if len(docs) == 0 || 2*len(docs) > total {
			continue // a name no document holds, or most do
		}
		for _, d := range docs {
			count[d]++
		}
	}
	most := 0
	for _, c := range count {
		most = max(most, c)
	}
	var out []string
	for d, c := range count {
		if c == most && most > 0 {
			out = append(out, d)
		}
	}
	if len(out) == 0 || len(out) == total {
		return nil, nil
	}
	slices.Sort(out)
	return out, nil
}

// docCount is how many documents the index holds passages of: from the
// statistics when they cover the index, else by a facet over every
// passage, which reads the document of each.
func (b *bleveStore) docCount(ctx context.Context) (int, error) {
	if b.bm25Stats() != nil {
		b.mu.Lock()
		defer b.mu.Unlock()
		n := 0
		for _, s := range b.stats {
			if s.Passages > 0 {
				n++
			}
		}
		return n, nil
	}
	return b.docFacet(ctx, query.NewMatchAllQuery(), nil)
}

// docsWith returns the documents whose text holds term t.
func (b *bleveStore) docsWith(ctx context.Context, t string) ([]string, error) {
	q := query.NewTermQuery(t)
	q.SetField("text")
	var docs []string
	_, err := b.docFacet(ctx, q, &docs)
	return docs, err
}

// docFacet counts the documents whose passages match q, listing them in
// docs when docs is not nil.
func (b *bleveStore) docFacet(ctx context.Context, q query.Query, docs *[]string) (int, error) {
	req := bleve.NewSearchRequestOptions(q, 0, 0, false)
	req.AddFacet("doc", bleve.NewFacetRequest("doc", maxFacetDocs))
	res, err := b.bleve.SearchInContext(ctx, req)
	if err != nil {
		return 0, err
	}
	f := res.Facets["doc"]
	if f == nil || f.Terms == nil {
		return 0, nil
	}
	n := 0
	for _, tf := range f.Terms.Terms() {
		n++
		if docs != nil {
			*docs = append(*docs, tf.Term)
		}
	}
	return n, nil
}

// maxFacetDocs bounds the documents a facet lists: far more than a
// person's folder of PDFs holds.
const maxFacetDocs = 100000
