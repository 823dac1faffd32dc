package search

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/blevesearch/bleve/v2/analysis"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// bleve multiplies the score of a disjunction by its coord, the share of
// its clauses a passage matches: Lucene's classic TF-IDF factor, which
// Lucene dropped when it moved to BM25 (7.0), because BM25's saturation
// already rewards a passage that holds more of the query's terms. With
// coord, a passage that holds one rare word of a four-word question
// ("cyclicality") keeps a quarter of its score, and a page that repeats
// the company's name and "business" beats it. bm25 scores the passages
// bleve found again with textbook BM25 (Robertson and Zaragoza, 2009):
// the sum over the question's terms, in the text and the head, of
// idf × tf (k1 + 1) / (tf + k1 (1 − b + b dl / avgdl)), with bleve's k1
// and b and the index's true field lengths (stats.go).

// bm25 sets each hit's score to its BM25 score for text, whose terms
// weigh in its page's head too, and sorts the hits again, best first,
// equal scores keeping bleve's order. A term's frequency in a passage and
// the passage's length come from the index's postings (the length is the
// norm bleve keeps: 1/sqrt(length)), so no passage is analysed again.
func (b *bleveStore) bm25(ctx context.Context, sq searchQuery, hits []Hit) error {
	a := b.bleve.Mapping().AnalyzerNamed(analyzerName)
	st := b.bm25Stats()
	if a == nil || st == nil || len(hits) == 0 {
		return nil
	}
	q, qw := queryTerms(a, sq)
	if len(q) == 0 {
		return nil
	}
	r, err := b.bleve.Advanced()
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	rd, err := r.Reader()
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	defer rd.Close()
	// the hits in the order of their internal IDs in this snapshot, in
	// which a postings list is read; a hit gone from it scores 0
	type posted struct {
		id  index.IndexInternalID
		hit int
	}
	var order []posted
	for i := range hits {
		id, err := rd.InternalID(hits[i].ID)
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		if id != nil {
			order = append(order, posted{id, i})
		}
	}
	slices.SortFunc(order, func(a, b posted) int { return a.id.Compare(b.id) })
	scores := make([]float64, len(hits))
	// add adds term t's BM25 share in field to the score of each hit
	// holding it. Its idf is over the whole index: a filter narrows what
	// is found, not how rare a word is (as in Lucene and Elasticsearch).
	add := func(field, t string, boost, avg float64) error {
		tr, err := rd.TermFieldReader(ctx, []byte(t), field, true, true, false)
		if err != nil {
			return err
		}
		defer tr.Close()
		df := float64(tr.Count())
		if df == 0 || avg <= 0 {
			return nil
		}
		w := qw[t] * boost * idf(st.DocCount, df)
		var d index.TermFieldDoc
		var at index.IndexInternalID // where the reader stands: it never goes back, which would start it again
		for _, o := range order {
			if at != nil && at.Compare(o.id) > 0 {
				continue // the term is not in o's passage
			}
			got, err := tr.Advance(o.id, &d)
			if err != nil {
				return err
			}
			if got == nil {
				break
			}
			at = append(at[:0], got.ID...)
			if got.ID.Equals(o.id) {
				scores[o.hit] += textbookShare(w, got, avg)
			}
		}
		return nil
	}
	avgText := float64(st.FieldCardinality["text"]) / st.DocCount
	avgHead := float64(st.FieldCardinality["head"]) / st.DocCount
	for _, t := range q {
		if err := add("text", t, 1, avgText); err != nil {
			return fmt.Errorf("search: %w", err)
		}
		if err := add("head", t, b.headBoost, avgHead); err != nil {
			return fmt.Errorf("search: %w", err)
		}
	}
	for i := range hits {
		hits[i].Score = scores[i]
	}
	byScore(hits)
	return nil
}

// byScore sorts hits by score, best first, equal scores keeping their
// order.
func byScore(hits []Hit) {
	slices.SortStableFunc(hits, func(a, b Hit) int { return cmp.Compare(b.Score, a.Score) })
}

// idf is BM25's inverse document frequency of a term n passages, df of
// them holding it, as bleve and bm25 both work it out.
func idf(n, df float64) float64 { return math.Log(1 + (n-df+0.5)/(df+0.5)) }

// textbookShare is a term's share of a passage's textbook BM25 score,
// w × tf (k1 + 1) / (tf + k1 (1 − b + b dl / avg)), whose posting d gives
// tf and dl (its norm is 1/sqrt(dl)); 0 for a posting without a norm.
// bm25 and the shortlist both add it, so their sums agree to the bit.
func textbookShare(w float64, d *index.TermFieldDoc, avg float64) float64 {
	if d.Norm <= 0 {
		return 0
	}
	f := float64(d.Freq)
	dl := math.Round(1 / (d.Norm * d.Norm))
	return w * f * (bsearch.BM25_k1 + 1) / (f + bsearch.BM25_k1*(1-bsearch.BM25_b+bsearch.BM25_b*dl/avg))
}

// queryTerms returns sq's analysed terms, each once and sorted when
// weighted, and their weights: by default how often the text says each.
func queryTerms(a analysis.Analyzer, sq searchQuery) ([]string, map[string]float64) {
	var q []string
	qw := map[string]float64{}
	if sq.weights != nil {
		for t, v := range sq.weights {
			q = append(q, t)
			qw[t] = v
		}
		slices.Sort(q)
		return q, qw
	}
	for _, tok := range a.Analyze([]byte(sq.text)) {
		t := string(tok.Term)
		if qw[t] == 0 {
			q = append(q, t)
		}
		qw[t]++
	}
	return q, qw
}

// docsQuery matches the passages of the documents docs.
func docsQuery(docs []string) query.Query {
	var qs []query.Query
	for _, d := range docs {
		q := query.NewTermQuery(d)
		q.SetField("doc")
		qs = append(qs, q)
	}
	return query.NewDisjunctionQuery(qs)
}

// termCounts are the analysed terms of a passage or head, counted, and
// their number.
type termCounts struct {
	tf map[string]int32
	n  int
}

// counts analyses text with a, remembered.
func (x *Index) counts(a analysis.Analyzer, text string) termCounts {
	return x.cmemo.Get(text, func(text string) termCounts {
		c := termCounts{tf: map[string]int32{}}
		for _, tok := range a.Analyze([]byte(text)) {
			c.tf[string(tok.Term)]++
			c.n++
		}
		return c
	})
}

// words returns [wordsOf] text, remembered.
func (x *Index) words(text string) passageWords { return x.wmemo.Get(text, wordsOf) }
