package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"docqa/internal/doc"

	"github.com/blevesearch/bleve/v2"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
)

// ErrEmptyQuery means the query has no searchable words.
var ErrEmptyQuery = errors.New("empty query")

// Filter limits a search to some documents and pages. The zero value
// searches everything.
type Filter struct {
	Docs  []string    // document names; empty means all
	Pages []PageRange // pages; empty means all
}

// PageRange is an inclusive range of 1-based pages.
type PageRange struct{ From, To int }

// ErrBadPages means a page range could not be read.
var ErrBadPages = errors.New("bad page range")

// ParsePages reads "10-20", "7", "10-20,31" or "" (every page) into
// inclusive ranges of 1-based pages.
func ParsePages(s string) ([]PageRange, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var out []PageRange
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		from, err := strconv.Atoi(strings.TrimSpace(lo))
		if err != nil || from < 1 {
			return nil, fmt.Errorf("%w %q", ErrBadPages, s)
		}
		to := from
		if isRange {
			if to, err = strconv.Atoi(strings.TrimSpace(hi)); err != nil || to < from {
				return nil, fmt.Errorf("%w %q", ErrBadPages, s)
			}
		}
		out = append(out, PageRange{From: from, To: to})
	}
	return out, nil
}

// Allows reports whether the filter's page ranges include page n.
func (f Filter) Allows(n int) bool {
	if len(f.Pages) == 0 {
		return n >= 1
	}
	for _, r := range f.Pages {
		if n >= r.From && n <= r.To {
			return true
		}
	}
	return false
}

// Hit is a passage that matched a query.
type Hit struct {
	Doc   string  `json:"doc"`
	Page  int     `json:"page"`
	Seq   int     `json:"seq"`
	Text  string  `json:"text"`
	Score float64 `json:"score"`
	ID    string  `json:"-"` // the passage's ID in the index; "" for none
}

// searchQuery is what [Index.search] looks for: text, and for an
// expanded query the weight of each analysed term (text then holds them
// all, for bleve to find the candidates) and the question the re-scoring
// by word pairs and numbers reads.
type searchQuery struct {
	text     string
	weights  map[string]float64
	original string
	// postings keeps the postings the searches of one MultiSearch
	// share; nil for none
	postings *postingCache
}

func (q searchQuery) question() string {
	if q.original != "" {
		return q.original
	}
	return q.text
}

// tieSlack is how many passages past k [Index.topK] reads, so that the k
// best by score and then by id are among them unless a tie runs past.
const tieSlack = 8

// topK returns the best k passages q matches, by score and then by id,
// so equal scores come back in the same order every run. Bleve sorts by
// id only by reading every passage's id from the index (its "_id" field,
// uninverted per segment): at 26k pages that was a fifth of a
// question's time (issue 40's profile). So the best k + tieSlack are
// read by score alone and sorted here; when the score at k ties the
// last read, the order past them is unknown, and the index sorts by id
// as before. Either way the k passages and their order are the same.
func (b *bleveStore) topK(ctx context.Context, q query.Query, k int) (bsearch.DocumentMatchCollection, error) {
	run := func(size int, sort ...string) (bsearch.DocumentMatchCollection, error) {
		return b.search(ctx, q, size, sort)
	}
	hits, err := run(k+tieSlack, "-_score")
	if err != nil {
		return nil, err
	}
	if len(hits) == k+tieSlack && hits[len(hits)-1].Score == hits[k-1].Score {
		return run(k, "-_score", "_id")
	}
	slices.SortStableFunc(hits, func(a, b *bsearch.DocumentMatch) int {
		if a.Score != b.Score {
			return cmp.Compare(b.Score, a.Score)
		}
		return strings.Compare(a.ID, b.ID)
	})
	return hits[:min(k, len(hits))], nil
}

// search returns the best size passages q matches, in the order sort
// names, with the fields a [Hit] holds.
func (b *bleveStore) search(ctx context.Context, q query.Query, size int, sort []string) (bsearch.DocumentMatchCollection, error) {
	req := bleve.NewSearchRequestOptions(q, size, 0, false)
	req.Fields = []string{"doc", "page", "seq", "text"}
	req.SortBy(sort)
	if st := b.bm25Stats(); st != nil {
		req.PreSearchData = map[string]interface{}{bsearch.BM25PreSearchDataKey: st}
	}
	res, err := b.bleve.SearchInContext(ctx, req)
	if err != nil {
		return nil, err
	}
	return res.Hits, nil
}

// Search runs a BM25 match query for text over the passages and returns the
// best k, ordered by score and then by document, page and passage, so equal
// scores come back in the same order every run.
func (x *Index) Search(ctx context.Context, text string, k int, f Filter) ([]Hit, error) {
	return x.search(ctx, searchQuery{text: text}, k, f)
}

// search runs q; see [Index.Search].
func (x *Index) search(ctx context.Context, q searchQuery, k int, f Filter) ([]Hit, error) {
	if strings.TrimSpace(q.text) == "" {
		return nil, ErrEmptyQuery
	}
	if k <= 0 {
		k = 10
	}
	hits, err := x.st.candidates(ctx, q, k, f)
	if err != nil {
		return nil, err
	}
	rescore(q.question(), hits, x.params, x.words)
	return hits, nil
}

// candidates finds q's best k passages by bleve's BM25, which weighs a
// passage by the share of the query's terms it holds (coord), and scores
// them again by textbook BM25 ([bleveStore.bm25]). Unless the search is
// narrowed to pages, a shortlist ([bleveStore.shortlist]) finds them, as
// bleve's own search would, and their textbook scores with them.
func (b *bleveStore) candidates(ctx context.Context, q searchQuery, k int, f Filter) ([]Hit, error) {
	text := q.text
	must := []query.Query{b.matchQuery(text)}
	if len(f.Docs) > 0 {
		must = append(must, docsQuery(f.Docs))
	}
	if len(f.Pages) > 0 {
		var ranges []query.Query
		incl := true
		for _, pr := range f.Pages {
			lo, hi := float64(pr.From), float64(pr.To)
			r := query.NewNumericRangeInclusiveQuery(&lo, &hi, &incl, &incl)
			r.SetField("page")
			ranges = append(ranges, r)
		}
		must = append(must, query.NewDisjunctionQuery(ranges))
	}
	var q0 query.Query = query.NewConjunctionQuery(must)
	if len(must) == 1 {
		q0 = must[0] // no filter: the match alone scores as the conjunction of it does
	}
	var res bsearch.DocumentMatchCollection
	var book []float64 // the hits' textbook scores, when the shortlist worked them out
	var err error
	if b.shortlists && len(f.Pages) == 0 {
		res, book, err = b.shortlist(ctx, q, f.Docs, k) // nil where it cannot tell
		if errors.Is(err, errGone) {
			res, book, err = nil, nil, nil // the index changed as it read: bleve reads it again
		}
	}
	if res == nil && err == nil {
		res, err = b.topK(ctx, q0, k)
	}
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	hits := make([]Hit, 0, len(res))
	for _, h := range res {
		hits = append(hits, Hit{
			ID:    h.ID,
			Doc:   str(h.Fields["doc"]),
			Page:  num(h.Fields["page"]),
			Seq:   num(h.Fields["seq"]),
			Text:  str(h.Fields["text"]),
			Score: h.Score,
		})
	}
	if book != nil {
		for i := range hits {
			hits[i].Score = book[i]
		}
		byScore(hits)
		return hits, nil
	}
	if err := b.bm25(ctx, q, hits); err != nil {
		return nil, err
	}
	return hits, nil
}

// matchQuery is the query for text's terms in a passage's text and its
// page's head.
func (b *bleveStore) matchQuery(text string) query.Query {
	match := query.NewMatchQuery(text)
	match.SetField("text")
	head := query.NewMatchQuery(text)
	head.SetField("head")
	head.SetBoost(b.headBoost)
	return query.NewDisjunctionQuery([]query.Query{match, head})
}

// Page returns the full normalised text of one page of a document, and
// whether it exists.
func (x *Index) Page(ctx context.Context, doc string, page int) (string, bool, error) {
	if err := ctx.Err(); err != nil {
		return "", false, err
	}
	return x.st.page(ctx, doc, page)
}

// Pages returns the texts of a document's pages from to to (1-based,
// inclusive) as far as they run on: fewer past its end or before a page
// it lacks, none when it has no page from. A whole document is read in a
// few reads this way, where [Index.Page] reads once a page.
func (x *Index) Pages(ctx context.Context, doc string, from, to int) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return x.st.pageRange(ctx, doc, from, to)
}

// Structure returns what ingest read of a document's structure
// ([doc.Structure]): its outline, running heads and feet, and the pages
// from to to (none for 0, 0) with their blocks, marks and tables and the
// lists with an item on them; ok is false when the index does not hold
// the document. A document ingested before docqa kept structure has
// none until the next ingest reads it again.
func (x *Index) Structure(ctx context.Context, name string, from, to int) (s doc.Structure, ok bool, err error) {
	if err := ctx.Err(); err != nil {
		return doc.Structure{}, false, err
	}
	return x.st.structure(ctx, name, from, to)
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func num(v any) int {
	f, _ := v.(float64)
	return int(f)
}

func (b *bleveStore) page(_ context.Context, doc string, n int) (string, bool, error) {
	return b.pages.page(doc, n)
}

func (b *bleveStore) pageRange(_ context.Context, doc string, from, to int) ([]string, error) {
	return b.pages.pages(doc, from, to)
}

func (b *bleveStore) structure(_ context.Context, name string, from, to int) (doc.Structure, bool, error) {
	return b.pages.structure(name, from, to)
}
