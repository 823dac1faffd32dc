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

// candidatesSQL finds passages as docqa's bleve index does and scores
// them as search re-scores what bleve finds. Found: the best k by
// bleve's BM25 with coord, which weighs each field's sum by the share of
// the query's terms the field holds, and the two fields' sum by the
// share of fields that match (Lucene's classic factor, kept by bleve's
// disjunctions). Scored: textbook BM25 (Robertson and Zaragoza, 2009),
// the sum over the terms, in the text and, weighed by the head boost, in
// the page's head, of w idf tf (k1 + 1) / (tf + k1 (1 - b + b dl /
// avgdl)), with idf ln(1 + (N - df + 0.5) / (df + 0.5)) over the whole
// index (a filter narrows what is found, not how rare a word is). One
// statement, so one snapshot: a document committed meanwhile is in all
// of its counts or none.
const candidatesSQL = `
WITH q AS (
	SELECT t.term, t.w FROM unnest($1::text[], $2::float8[]) AS t(term, w)
), totals AS (
	SELECT coalesce(sum(passages), 0)::float8 AS n,
	       coalesce(sum(tokens), 0)::float8 AS tokens,
	       coalesce(sum(head_tokens), 0)::float8 AS head,
	       (SELECT count(*) FROM q)::float8 AS nq
	FROM docqa_docs
), df AS (
	SELECT p.term, p.field, count(*)::float8 AS df
	FROM docqa_postings p JOIN q ON q.term = p.term
	GROUP BY p.term, p.field
), terms AS (
	SELECT p.passage, p.field, q.w,
	       (CASE WHEN p.field = 0 THEN 1 ELSE $3::float8 END)
	           * ln(1 + (t.n - df.df + 0.5) / (df.df + 0.5))
	           * p.tf * ($4::float8 + 1)
	           / (p.tf + $4::float8 * (1 - $5::float8 + $5::float8
	              * (CASE WHEN p.field = 0 THEN s.text_len / nullif(t.tokens / t.n, 0)
	                      ELSE s.head_len / nullif(t.head / t.n, 0) END))) AS bm25
	FROM docqa_postings p
	JOIN q ON q.term = p.term
	JOIN df ON df.term = p.term AND df.field = p.field
	JOIN docqa_passages s ON s.id = p.passage
	CROSS JOIN totals t
	WHERE (cardinality($6::text[]) = 0 OR s.doc = ANY ($6::text[]))
	  AND (cardinality($7::int[]) = 0 OR EXISTS (
	       SELECT 1 FROM unnest($7::int[], $8::int[]) AS r(lo, hi) WHERE s.page BETWEEN r.lo AND r.hi))
), fields AS (
	SELECT passage, field, sum(w * bm25) AS score, sum(bm25) * count(*) / (SELECT nq FROM totals) AS coord
	FROM terms GROUP BY passage, field
), found AS (
	SELECT passage, sum(score) AS score, sum(coord) * count(*) / 2 AS coord
	FROM fields GROUP BY passage
	ORDER BY 3 DESC, 1
	LIMIT $9
)
SELECT s.id, s.doc, s.page, s.seq, s.text, f.score
FROM found f JOIN docqa_passages s ON s.id = f.passage
ORDER BY f.score DESC, f.coord DESC, s.doc, s.page, s.seq`

// Candidates returns the q.K passages bleve's BM25 finds best, scored by
// textbook BM25, best first ([candidatesSQL]).
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
