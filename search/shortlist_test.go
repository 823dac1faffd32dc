package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"golang.org/x/sync/errgroup"
)

// TestShortlist: over an index of generated pages (words drawn by Zipf's
// law, some pages repeated so that scores tie), a shortlist's best
// passages are bleve's, rank by rank, with bleve's scores to 1e-12 and
// bleve's fields, for questions of one to thirty words over the whole
// index (read in windows of several sizes, dropping passages below the
// k-th best so far early or late) and within one or three
// documents; a passage is
// ranked otherwise only where its score and another's are that close,
// the order bleve's last bits give them; the textbook scores worked out
// beside them are bm25's to the bit.
func TestShortlist(t *testing.T) {
	x := openTest(t)
	b := bleveOf(x)
	rng := rand.New(rand.NewPCG(1, 2))
	words := zipfIndex(t, x, rng, 30)
	vocab := zipfVocab()
	close := func(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Abs(a) }
	moved := 0
	defer func(w uint64, s int) { window, spare = w, s }(window, spare)
	for i := range 60 {
		window = []uint64{1 << 15, 7, 64}[i/3%3] // windows of passages that end within pages
		spare = []int{1024, 0, 3}[i/9%3]         // passages dropped below the k-th best as it goes
		text := words(1 + rng.IntN(30))
		if i%5 == 0 {
			text += " nowhereword " + vocab[len(vocab)-1-rng.IntN(50)] // a word no page holds, a rare one
		}
		var docs []string // none, one, then three
		if i%3 > 0 {
			for range 2*(i%3) - 1 {
				docs = append(docs, fmt.Sprintf("doc%02d.pdf", rng.IntN(30)))
			}
		}
		q := b.matchQuery(text)
		if len(docs) > 0 {
			q = query.NewConjunctionQuery([]query.Query{q, docsQuery(docs)})
		}
		for _, k := range []int{1, 10, 80} {
			want, err := b.topK(t.Context(), q, k)
			if err != nil {
				t.Fatal(err)
			}
			got, book, err := b.shortlist(t.Context(), searchQuery{text: text}, docs, k)
			if err != nil || got == nil || len(book) != len(got) {
				t.Fatalf("shortlist(%q, %q, %d): %v, %d textbook scores, %v", text, docs, k, got, len(book), err)
			}
			// read through a cache of shared postings, filling it and
			// then from it, the same to the bit
			pc := newPostingCache(x.analyzer, []string{text, text})
			for range 2 {
				again, book2, err := b.shortlist(t.Context(), searchQuery{text: text, postings: pc}, docs, k)
				if err != nil || !cmp.Equal(again, got, sameMatch) || !cmp.Equal(book2, book) {
					t.Fatalf("shortlist(%q, %q, %d) through cached postings differs: %v\n%s\n%s", text, docs, k, err, cmp.Diff(got, again, sameMatch), cmp.Diff(book, book2))
				}
			}
			if pc == nil || len(pc.lists) == 0 {
				t.Fatalf("%q: no postings kept", text)
			}
			// the textbook scores are bm25's to the bit
			b.shortlists = false
			plain, err := b.candidates(t.Context(), searchQuery{text: text}, k, Filter{Docs: docs})
			b.shortlists = true
			if err != nil {
				t.Fatal(err)
			}
			bm25 := map[string]float64{}
			for _, h := range plain {
				bm25[h.ID] = h.Score
			}
			for i, g := range got {
				if w, ok := bm25[g.ID]; ok && w != book[i] {
					t.Errorf("%q, %q: %s's textbook score %v, bm25's %v", text, docs, g.ID, book[i], w)
				}
			}
			if len(got) != len(want) {
				t.Fatalf("%q, k %d: %d passages, bleve %d", text, k, len(got), len(want))
			}
			byID := map[string]float64{}
			for _, w := range want {
				byID[w.ID] = w.Score
			}
			for _, g := range got {
				if w, ok := byID[g.ID]; ok && !close(w, g.Score) {
					t.Errorf("%q, %q, k %d: %s scores %v, bleve %v", text, docs, k, g.ID, g.Score, w)
				}
			}
			for r := range want {
				w, g := want[r], got[r]
				if !close(w.Score, g.Score) {
					t.Errorf("%q, k %d, rank %d: score %v, bleve %v", text, k, r, g.Score, w.Score)
				}
				if g.ID == w.ID {
					if diff := cmp.Diff(w.Fields, g.Fields); diff != "" {
						t.Errorf("%q: %s's fields (-bleve +shortlist):\n%s", text, g.ID, diff)
					}
					continue
				}
				moved++
				// another passage at this rank: bleve's is one of the
				// same score, here or (at the last ranks) left out
				tie := slices.ContainsFunc(got, func(h *bsearch.DocumentMatch) bool { return h.ID == w.ID && close(h.Score, w.Score) }) ||
					close(w.Score, got[len(got)-1].Score)
				if !tie {
					t.Errorf("%q, k %d, rank %d: %s (%v), bleve %s (%v), not a tie", text, k, r, g.ID, g.Score, w.ID, w.Score)
				}
			}
		}
	}
	t.Logf("%d passages ranked otherwise than bleve's, each beside a passage of the same score", moved)
}

// sameMatch compares two searches' hits but their internal numbers and
// the order bleve read their fields in, which a merge of the index's
// segments between them changes.
var sameMatch = cmpopts.IgnoreFields(bsearch.DocumentMatch{}, "IndexInternalID", "HitNumber")

// zipfVocab is the vocabulary of zipfIndex: 500 made-up words.
func zipfVocab() []string {
	syllables := []string{"ba", "ko", "ri", "te", "mu", "sa", "lo", "ne", "di", "fu", "ga", "pe"}
	vocab := make([]string, 500)
	for i := range vocab {
		vocab[i] = syllables[i%12] + syllables[i/12%12] + syllables[i/144%12] + "x"
	}
	return vocab
}

// zipfIndex puts docs documents of six generated pages in x, their words
// drawn from zipfVocab by Zipf's law, one page in seven a copy of an
// earlier one (its passages tie with the first's), and returns a
// function that draws n words alike.
func zipfIndex(t testing.TB, x *Index, rng *rand.Rand, docs int) func(n int) string {
	vocab := zipfVocab()
	zipf := rand.NewZipf(rng, 1.2, 2, uint64(len(vocab)-1))
	words := func(n int) string {
		var w []string
		for range n {
			w = append(w, vocab[zipf.Uint64()])
		}
		return strings.Join(w, " ")
	}
	var all []string
	for d := range docs {
		var pages []string
		for p := range 6 {
			if len(all) > 10 && (d*6+p)%7 == 0 {
				pages = append(pages, all[rng.IntN(len(all))])
				continue
			}
			page := strings.ToUpper(words(3)) + "\n"
			for range 4 {
				page += words(12+rng.IntN(14)) + ".\n"
			}
			pages = append(pages, page)
			all = append(all, page)
		}
		put(t, x, fmt.Sprintf("doc%02d.pdf", d), pages...)
	}
	return words
}

// BenchmarkShortlist: a search's best 80 passages found by bleve's search
// and by a shortlist, over the whole index and within three documents,
// in an index of 3,000 generated pages (words by Zipf's law).
func BenchmarkShortlist(b *testing.B) {
	x := openTest(b)
	st := bleveOf(x)
	rng := rand.New(rand.NewPCG(5, 6))
	words := zipfIndex(b, x, rng, 500)
	text := words(20)
	for _, f := range []Filter{{}, {Docs: []string{"doc07.pdf", "doc100.pdf", "doc400.pdf"}}} {
		name := "whole"
		if len(f.Docs) > 0 {
			name = "within"
		}
		for _, short := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/shortlist=%v", name, short), func(b *testing.B) {
				st.shortlists = short
				defer func() { st.shortlists = true }()
				for b.Loop() {
					if _, err := st.candidates(b.Context(), searchQuery{text: text}, 80, f); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func TestNthLargest(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		vs := make([]float64, 1+rng.IntN(60))
		for i := range vs {
			vs[i] = float64(rng.IntN(12)) // ties
		}
		sorted := slices.Clone(vs)
		slices.Sort(sorted)
		slices.Reverse(sorted)
		n := 1 + rng.IntN(len(vs))
		if got := nthLargest(slices.Clone(vs), n); got != sorted[n-1] {
			t.Fatalf("nthLargest(%v, %d) = %v, want %v", vs, n, got, sorted[n-1])
		}
	}
}

// Searches run at once through one cache of shared postings, as a
// question's sub-questions run, find what each finds alone: each list is
// read by one of them, whichever asks first, and waited for by the
// others.
func TestPostingCacheConcurrent(t *testing.T) {
	x := openTest(t)
	b := bleveOf(x)
	rng := rand.New(rand.NewPCG(3, 4))
	words := zipfIndex(t, x, rng, 12)
	for round := range 10 {
		var texts []string
		for range 4 {
			texts = append(texts, words(3+rng.IntN(12)))
		}
		texts[1] = texts[0] + " " + texts[1] // sharing every term of the first
		var docs []string
		if round%2 == 1 {
			docs = []string{"doc01.pdf", "doc04.pdf", "doc07.pdf"}
		}
		alone := make([]bsearch.DocumentMatchCollection, len(texts))
		for i, text := range texts {
			var err error
			if alone[i], _, err = b.shortlist(t.Context(), searchQuery{text: text}, docs, 10); err != nil {
				t.Fatal(err)
			}
		}
		pc := newPostingCache(x.analyzer, texts)
		together := make([]bsearch.DocumentMatchCollection, len(texts))
		var g errgroup.Group
		for i, text := range texts {
			g.Go(func() (err error) {
				together[i], _, err = b.shortlist(t.Context(), searchQuery{text: text, postings: pc}, docs, 10)
				return err
			})
		}
		if err := g.Wait(); err != nil {
			t.Fatal(err)
		}
		for i := range texts {
			if diff := cmp.Diff(alone[i], together[i], sameMatch); diff != "" {
				t.Errorf("%q within %q: through the cache (-alone +together):\n%s", texts[i], docs, diff)
			}
		}
	}
}
