package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2/analysis"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// Bleve finds a question's best passages by visiting every passage that
// holds one of its terms in a heap of the terms' postings: over a whole
// index most of its passages (at 27.5k pages a FinanceBench question
// with "fy", "2018" and "statement" in it visits 70,000 to 120,000),
// each sub-question again, and the heap's work was two thirds of it
// (issue 40's profile).
//
// [bleveStore.shortlist] works out the same scores from the postings
// term by term instead, each passage's shares summed in arrays: over a
// whole index a window of passage numbers at a time, within documents
// by each passage's place among theirs. The query is bleve's (match.go:
// a disjunction of the text's and the head's term queries, each scaled
// by its coord, and within documents the disjunction of their names
// beside it) and a term's share of a passage's score is bleve's,
// idf × tf·k1 / (tf + k1·(1 − b + b·dl/avgdl)) × boost × idf × norm,
// norm = 1/√Σ(boost × idf)² over the query's clauses. The shares are
// added in the query's order, where bleve adds them in its heap's, which
// depends on how the heap was reached: bleve gives one passage scores a
// unit apart in their last place when searched two ways, and two copies
// of a page such scores in one search. The best k are those of the
// highest scores and, among equal ones, the lowest IDs, as topK reads
// bleve's; they differ from bleve's only where bleve's last bits decide
// (TestShortlist). Their fields are read by a search for their IDs.
//
// One search alone on issue 40's 27.5k pages (candidates, bleve's search
// and then the shortlist): over the whole index 62 -> 27 ms, within
// twelve filings 10.8 -> 7.7 ms, within one 5.6 -> 4.8 ms;
// BenchmarkShortlist, 3,000 generated pages: 8.8 -> 4.3 ms and
// 1.35 -> 1.26 ms.

// window is how many passage numbers a search over a whole index sums
// at a time: its arrays, 28 bytes a passage, stay in a core's cache and
// are cleared, not allocated, for the next window (allocated for all
// 300,000 passages of 27.5k pages, they cost a question 9 ms). A
// variable for the tests' sake only.
var window uint64 = 1 << 15

// spare is how many passages past 4k a search over a whole index keeps
// before it drops those below the k-th best so far. A variable for the
// tests' sake only.
var spare = 1024

// A clause is one term query of the match (field 0 text, 1 head) or of
// the documents' names (2), with what its share of a score is worked
// out from, and its postings.
type clause struct {
	field int
	boost float64
	idf   float64
	avgdl float64
	w     float64 // boost × idf × norm
	tr    index.TermFieldReader
	term  []byte
	// book is the weight of the term's textbook BM25 share ([bleveStore.bm25]),
	// bookAvg the field's mean length, on the clause of its first
	// occurrence; 0 on the others, and where the term is in no passage
	book, bookAvg float64
}

// share is c's share of the score of a passage whose posting is d.
func (c *clause) share(d *index.TermFieldDoc) float64 {
	tf := math.Sqrt(float64(d.Freq))
	dl := 1 / (d.Norm * d.Norm)
	return c.idf * (tf * bsearch.BM25_k1) / (tf + bsearch.BM25_k1*(1-bsearch.BM25_b+(bsearch.BM25_b*dl/c.avgdl))) * c.w
}

// scored is a passage, by its internal number, its score and its
// textbook BM25 score.
type scored struct {
	number uint64
	score  float64
	book   float64
}

// shortlist returns the best k passages for the match query of q's text
// over the passages of docs (the whole index when none), best first,
// with the fields a [Hit] holds, and their textbook BM25 scores
// ([bleveStore.bm25]) when q is not weighted; nil where it cannot tell
// (an index without statistics).
func (b *bleveStore) shortlist(ctx context.Context, q searchQuery, docs []string, k int) (bsearch.DocumentMatchCollection, []float64, error) {
	a := b.bleve.Mapping().AnalyzerNamed(analyzerName)
	st := b.bm25Stats()
	if a == nil || st == nil || k <= 0 {
		return nil, nil, nil
	}
	tokens := a.Analyze([]byte(q.text))
	if len(tokens) == 0 {
		return nil, nil, nil
	}
	if len(tokens) > math.MaxUint16 { // a passage's count of them is a uint16
		return nil, nil, fmt.Errorf("a question of %d terms", len(tokens))
	}
	// the clauses by term, in the order bm25 adds them up: each term
	// where the question first says it, its text's clauses, then its
	// head's
	first := map[string]int{}
	for _, tok := range tokens {
		if _, ok := first[string(tok.Term)]; !ok {
			first[string(tok.Term)] = len(first)
		}
	}
	slices.SortStableFunc(tokens, func(x, y *analysis.Token) int {
		return cmp.Compare(first[string(x.Term)], first[string(y.Term)])
	})
	r, err := b.bleve.Advanced()
	if err != nil {
		return nil, nil, err
	}
	rd, err := r.Reader()
	if err != nil {
		return nil, nil, err
	}
	defer rd.Close()
	total := uint64(st.DocCount) // as bleve reads the statistics
	var cs []*clause
	defer func() {
		for _, c := range cs {
			c.tr.Close()
		}
	}()
	terms := make([][]byte, len(tokens))
	counts := map[string]int{} // how often the question says each term: its weight in bm25
	for i, tok := range tokens {
		terms[i] = tok.Term
		counts[string(tok.Term)]++
	}
	names := make([][]byte, len(docs))
	for i, d := range docs {
		names[i] = []byte(d)
	}
	sumSq := 0.0
	for field, f := range []struct {
		name  string
		boost float64
		terms [][]byte
	}{{"text", 1, terms}, {"head", b.headBoost, terms}, {"doc", 1, names}} {
		avgdl := math.Ceil(float64(st.FieldCardinality[f.name]) / float64(total))
		bookAvg := float64(st.FieldCardinality[f.name]) / st.DocCount
		seen := map[string]bool{}
		for _, term := range f.terms {
			tr, err := rd.TermFieldReader(ctx, term, f.name, true, true, false)
			if err != nil {
				return nil, nil, err
			}
			df := float64(tr.Count())
			c := &clause{field: field, boost: f.boost, idf: idf(st.DocCount, df), avgdl: avgdl, tr: tr, term: term}
			if field < 2 && q.weights == nil && !seen[string(term)] && df > 0 && bookAvg > 0 {
				c.book = float64(counts[string(term)]) * f.boost * c.idf
				c.bookAvg = bookAvg
			}
			seen[string(term)] = true
			cs = append(cs, c)
			sumSq += (c.boost * c.idf) * (c.boost * c.idf)
		}
	}
	norm := 1 / math.Sqrt(sumSq)
	for _, c := range cs {
		c.w = c.boost * c.idf * norm
	}
	// the text's and the head's clauses of each term side by side
	match := make([]*clause, 0, 2*len(tokens))
	for i := range tokens {
		match = append(match, cs[i], cs[len(tokens)+i])
	}
	scope := scopeOf(docs)
	cursorsOf := func(cs []*clause, read func(*cursor) ([]docPosting, error)) ([]*cursor, error) {
		return q.postings.cursors(rd, cs, scope, read)
	}
	var cand []scored
	if len(docs) == 0 {
		cand, err = wholeIndex(match, cursorsOf, len(tokens), k)
	} else {
		cand, err = withinDocs(match, cs[2*len(tokens):], cursorsOf, func(c *clause) ([]docPosting, error) { return b.passagesOf(rd, c) }, len(tokens), len(docs))
	}
	if err != nil {
		return nil, nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	hits, book, err := b.best(ctx, rd, cand, k)
	if q.weights != nil {
		book = nil // weighted terms: bm25 reads their postings
	}
	return hits, book, err
}

// sums are a window's or a search's sums by passage place: per field
// (text, head) the shares of the terms a passage holds summed and their
// count, and the places of those that hold one, in the order met.
type sums struct {
	sum     [2][]float64
	matched [2][]uint16
	book    []float64 // the textbook BM25 score
	held    []int
}

func newSums(n int) *sums {
	s := &sums{held: make([]int, 0, n), book: make([]float64, n)}
	for f := range 2 {
		s.sum[f] = make([]float64, n)
		s.matched[f] = make([]uint16, n)
	}
	return s
}

func (s *sums) add(at int, c *clause, d *index.TermFieldDoc) {
	if s.matched[0][at] == 0 && s.matched[1][at] == 0 {
		s.held = append(s.held, at)
	}
	s.sum[c.field][at] += c.share(d)
	s.matched[c.field][at]++
	if c.book != 0 {
		s.book[at] += textbookShare(c.book, d, c.bookAvg)
	}
}

// score is the match's score of the passage at: each field's sum by its
// coord (of nt terms), their sum by the coord of the two fields.
func (s *sums) score(at int, nt int) float64 {
	var v float64
	outer := 0.0
	for f := range 2 {
		if m := s.matched[f][at]; m > 0 {
			v += s.sum[f][at] * (float64(m) / float64(nt))
			outer++
		}
	}
	return v * (outer / 2)
}

// clear zeroes what the held passages left.
func (s *sums) clear() {
	for _, at := range s.held {
		for f := range 2 {
			s.sum[f][at], s.matched[f][at] = 0, 0
		}
		s.book[at] = 0
	}
	s.held = s.held[:0]
}

// wholeIndex scores every passage the match clauses cs hold (nt terms in
// each field), a window of numbers at a time, and returns those that may
// be among the best k: as high as the k-th at the end, and others kept
// until the list grows long. It reads each clause's postings from the
// cursors cursorsOf gives.
func wholeIndex(cs []*clause, cursorsOf cursorsFunc, nt, k int) ([]scored, error) {
	curs, err := cursorsOf(cs, readAll)
	if err != nil {
		return nil, err
	}
	cur := make([]*index.TermFieldDoc, len(cs)) // where each clause's postings stand; nil at their end
	for i := range cs {
		got, err := curs[i].next()
		if err != nil {
			return nil, err
		}
		cur[i] = got
	}
	s := newSums(int(window))
	var cand []scored
	cut := math.Inf(-1)
	for {
		lo := uint64(math.MaxUint64) // the window: the first number a clause stands at, rounded down
		for _, d := range cur {
			if d != nil {
				lo = min(lo, d.ID.Value())
			}
		}
		if lo == math.MaxUint64 {
			break
		}
		lo -= lo % window
		hi := lo + window
		for i, c := range cs {
			for cur[i] != nil {
				id := cur[i].ID.Value()
				if id >= hi {
					break
				}
				s.add(int(id-lo), c, cur[i])
				got, err := curs[i].next()
				if err != nil {
					return nil, err
				}
				cur[i] = got
			}
		}
		for _, at := range s.held {
			if sc := s.score(at, nt); sc >= cut {
				cand = append(cand, scored{lo + uint64(at), sc, s.book[at]})
			}
		}
		s.clear()
		if len(cand) > 4*k+spare {
			// the k-th best so far: a passage below it is not among the
			// best k at the end either
			cand, cut = atLeast(cand, k)
		}
	}
	cand, _ = atLeast(cand, k)
	return cand, nil
}

// withinDocs scores the passages of the documents whose clauses are
// named (of ndocs names; a document named twice has two), placed by
// their numbers, which run by document, and reads the match clauses'
// postings only where they run, from the cursors cursorsOf gives.
func withinDocs(match, named []*clause, cursorsOf cursorsFunc, passagesOf func(*clause) ([]docPosting, error), nt, ndocs int) ([]scored, error) {
	// each passage of a named document, and its name clause's share, in
	// the order of their numbers: each document's come so
	per := make([][]scored, 0, len(named))
	for _, c := range named {
		dps, err := passagesOf(c)
		if err != nil {
			return nil, err
		}
		if len(dps) == 0 {
			continue
		}
		ps := make([]scored, len(dps))
		var d index.TermFieldDoc
		for i, dp := range dps {
			d.Freq, d.Norm = dp.freq, dp.norm
			ps[i] = scored{number: dp.number, score: c.share(&d)}
		}
		per = append(per, ps)
	}
	in := merge(per)
	// the passages' places, their numbers' runs and their name clauses'
	// sums and counts (the disjunction's coord)
	type run struct{ lo, hi, at uint64 }
	var runs []run
	numbers := make([]uint64, 0, len(in))
	names := make([]float64, 0, len(in))
	namesMatched := make([]int, 0, len(in))
	for _, p := range in {
		n := len(numbers)
		if n > 0 && numbers[n-1] == p.number {
			names[n-1] += p.score
			namesMatched[n-1]++
			continue
		}
		numbers, names, namesMatched = append(numbers, p.number), append(names, p.score), append(namesMatched, 1)
		if r := len(runs); r > 0 && runs[r-1].hi+1 == p.number {
			runs[r-1].hi = p.number
		} else {
			runs = append(runs, run{p.number, p.number, uint64(n)})
		}
	}
	if len(runs) == 0 {
		return nil, nil
	}
	// inRuns calls fn with each posting of cur where the runs hold it,
	// and its place
	inRuns := func(cur *cursor, fn func(at int, d *index.TermFieldDoc)) error {
		got, err := cur.advance(runs[0].lo)
		for r := 0; got != nil && err == nil; {
			id := got.ID.Value()
			for r < len(runs) && runs[r].hi < id {
				r++
			}
			if r == len(runs) {
				break
			}
			if id < runs[r].lo {
				got, err = cur.advance(runs[r].lo)
				continue
			}
			fn(int(runs[r].at+id-runs[r].lo), got)
			got, err = cur.next()
		}
		return err
	}
	curs, err := cursorsOf(match, func(own *cursor) ([]docPosting, error) {
		var posts []docPosting
		err := inRuns(own, func(_ int, d *index.TermFieldDoc) { posts = append(posts, postingOf(d)) })
		return posts, err
	})
	if err != nil {
		return nil, err
	}
	s := newSums(len(numbers))
	for i, c := range match {
		if err := inRuns(curs[i], func(at int, d *index.TermFieldDoc) { s.add(at, c, d) }); err != nil {
			return nil, err
		}
	}
	cand := make([]scored, 0, len(s.held))
	for _, at := range s.held {
		cand = append(cand, scored{numbers[at], s.score(at, nt) + names[at]*(float64(namesMatched[at])/float64(ndocs)), s.book[at]})
	}
	return cand, nil
}

// A docPosting is a passage of a document: its internal number, and the
// frequency and norm of the document's name in it.
type docPosting struct {
	number uint64
	freq   uint64
	norm   float64
}

// passagesOf returns the passages of the document c names, in rd, in the
// order of their numbers, read once for every search on rd: a question
// searches the same documents five or six times, and at 27.5k pages
// four copies of seven filings hold 42,000 passages.
func (b *bleveStore) passagesOf(rd index.IndexReader, c *clause) ([]docPosting, error) {
	b.docsMu.Lock()
	defer b.docsMu.Unlock()
	if b.docsOf != rd {
		b.docsOf, b.docPostings = rd, map[string][]docPosting{}
	}
	if dps, ok := b.docPostings[string(c.term)]; ok {
		return dps, nil
	}
	dps, err := readAll(&cursor{tr: c.tr})
	if err != nil {
		return nil, err
	}
	b.docPostings[string(c.term)] = dps
	return dps, nil
}

// merge returns the passages of lists, each in the order of their
// numbers, in that order.
func merge(lists [][]scored) []scored {
	slices.SortFunc(lists, func(a, b []scored) int { return cmp.Compare(a[0].number, b[0].number) })
	size := 0
	for _, l := range lists {
		size += len(l)
	}
	out := make([]scored, 0, size)
	for _, l := range lists {
		out = append(out, l...)
	}
	byNumber := func(a, b scored) int { return cmp.Compare(a.number, b.number) }
	if !slices.IsSortedFunc(out, byNumber) { // documents put in several batches interleave
		slices.SortStableFunc(out, byNumber)
	}
	return out
}

// atLeast returns the passages of cand that score at least as high as
// its k-th best, and that score; all of cand, and -Inf, when it holds no
// more than k.
func atLeast(cand []scored, k int) ([]scored, float64) {
	if len(cand) <= k {
		return cand, math.Inf(-1)
	}
	scores := make([]float64, len(cand))
	for i, c := range cand {
		scores[i] = c.score
	}
	cut := nthLargest(scores, k)
	out := cand[:0]
	for _, c := range cand {
		if c.score >= cut {
			out = append(out, c)
		}
	}
	return out, cut
}

// best returns the best k of cand, by score and then by ID, with their
// fields, read by a search for their IDs, and their textbook scores.
func (b *bleveStore) best(ctx context.Context, rd index.IndexReader, cand []scored, k int) (bsearch.DocumentMatchCollection, []float64, error) {
	cand, _ = atLeast(cand, k)
	type named struct {
		id string
		scored
	}
	all := make([]named, 0, len(cand))
	buf := make(index.IndexInternalID, 8)
	for _, c := range cand {
		id, err := rd.ExternalID(index.NewIndexInternalID(buf, c.number))
		if err != nil {
			return nil, nil, err
		}
		all = append(all, named{id, c})
	}
	slices.SortFunc(all, func(a, b named) int {
		if a.score != b.score {
			return cmp.Compare(b.score, a.score)
		}
		return strings.Compare(a.id, b.id)
	})
	all = all[:min(k, len(all))]
	ids := make([]string, len(all))
	for i, s := range all {
		ids[i] = s.id
	}
	found, err := b.search(ctx, query.NewDocIDQuery(ids), len(ids), []string{"-_score"}) // not by "_id", which reads every passage's
	if err != nil {
		return nil, nil, err
	}
	byID := make(map[string]*bsearch.DocumentMatch, len(found))
	for _, h := range found {
		byID[h.ID] = h
	}
	out := make(bsearch.DocumentMatchCollection, 0, len(all))
	book := make([]float64, 0, len(all))
	for _, s := range all {
		h, ok := byID[s.id]
		if !ok {
			return nil, nil, fmt.Errorf("passage %s: %w", s.id, errGone)
		}
		h.Score = s.score
		out = append(out, h)
		book = append(book, s.book)
	}
	return out, book, nil
}

// errGone means a passage the shortlist found was gone when its fields
// were read: a writer changed the index between the two reads.
var errGone = errors.New("gone from the index")

// nthLargest returns the n-th largest of vs (1 <= n <= len(vs)),
// reordering vs: a quickselect.
func nthLargest(vs []float64, n int) float64 {
	lo, hi, k := 0, len(vs)-1, n-1
	for lo < hi {
		pivot := vs[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for vs[i] > pivot {
				i++
			}
			for vs[j] < pivot {
				j--
			}
			if i <= j {
				vs[i], vs[j] = vs[j], vs[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return vs[k]
		}
	}
	return vs[k]
}
