package pgstore

import (
	"context"
	"fmt"
)

// A Query is a search of the passages: analysed terms, each with its
// weight (how often the question says it), BM25's parameters, and the
// documents and pages it is limited to (none: all).
type Query struct {
	Terms     []string
	Weights   []float64
	HeadBoost float64 // the weight of a term of a page's head
	K1, B     float64 // BM25's k1 and b
	K         int     // how many passages
	Docs      []string
	Pages     [][2]int // inclusive ranges of 1-based pages
}

// A Hit is a passage a query found, with its BM25 score.
type Hit struct {
	ID    int64
	Doc   string
	Page  int
	Seq   int
	Text  string
	Score float64
}

// candidatesSQL scores every passage that holds a term of the query by
// textbook BM25 (Robertson and Zaragoza, 2009), as search scores the
// passages bleve finds: the sum over the terms, in the text and, weighed
// by the head boost, in the page's head, of
// w idf tf (k1 + 1) / (tf + k1 (1 - b + b dl / avgdl)), with idf
// ln(1 + (N - df + 0.5) / (df + 0.5)) over the whole index (a filter
// narrows what is found, not how rare a word is). It reads the counts in
// one statement, so one snapshot: a document committed meanwhile is in
// all of them or none.
const candidatesSQL = `
WITH q AS (
	SELECT t.term, t.w FROM unnest($1::text[], $2::float8[]) AS t(term, w)
), totals AS (
	SELECT coalesce(sum(passages), 0)::float8 AS n,
	       coalesce(sum(tokens), 0)::float8 AS tokens,
	       coalesce(sum(head_tokens), 0)::float8 AS head
	FROM docqa_docs
), df AS (
	SELECT p.term, p.field, count(*)::float8 AS df
	FROM docqa_postings p JOIN q ON q.term = p.term
	GROUP BY p.term, p.field
), scored AS (
	SELECT p.passage,
	       sum(q.w * (CASE WHEN p.field = 0 THEN 1 ELSE $3::float8 END)
	           * ln(1 + (t.n - df.df + 0.5) / (df.df + 0.5))
	           * p.tf * ($4::float8 + 1)
	           / (p.tf + $4::float8 * (1 - $5::float8 + $5::float8
	              * (CASE WHEN p.field = 0 THEN s.text_len / nullif(t.tokens / t.n, 0)
	                      ELSE s.head_len / nullif(t.head / t.n, 0) END)))) AS score
	FROM docqa_postings p
	JOIN q ON q.term = p.term
	JOIN df ON df.term = p.term AND df.field = p.field
	JOIN docqa_passages s ON s.id = p.passage
	CROSS JOIN totals t
	WHERE (cardinality($6::text[]) = 0 OR s.doc = ANY ($6::text[]))
	  AND (cardinality($7::int[]) = 0 OR EXISTS (
	       SELECT 1 FROM unnest($7::int[], $8::int[]) AS r(lo, hi) WHERE s.page BETWEEN r.lo AND r.hi))
	GROUP BY p.passage
)
SELECT s.id, s.doc, s.page, s.seq, s.text, coalesce(c.score, 0)
FROM scored c JOIN docqa_passages s ON s.id = c.passage
ORDER BY 6 DESC, s.doc, s.page, s.seq
LIMIT $9`

// Candidates returns the q.K passages of the best BM25 scores, best
// first, equal scores in the order of document, page and passage.
func (s *Store) Candidates(ctx context.Context, q Query) ([]Hit, error) {
	if len(q.Terms) == 0 || q.K <= 0 {
		return nil, nil
	}
	weights := q.Weights
	if len(weights) != len(q.Terms) {
		weights = make([]float64, len(q.Terms))
		for i := range weights {
			weights[i] = 1
		}
	}
	docs := q.Docs
	if docs == nil {
		docs = []string{}
	}
	lo, hi := []int32{}, []int32{}
	for _, r := range q.Pages {
		lo, hi = append(lo, int32(r[0])), append(hi, int32(r[1]))
	}
	rows, err := s.pool.Query(ctx, candidatesSQL, q.Terms, weights, q.HeadBoost, q.K1, q.B, docs, lo, hi, q.K)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	defer rows.Close()
	var out []Hit
	for rows.Next() {
		var h Hit
		if err := rows.Scan(&h.ID, &h.Doc, &h.Page, &h.Seq, &h.Text, &h.Score); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return out, nil
}
