package search

import (
	"sort"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2/analysis"
	index "github.com/blevesearch/bleve_index_api"
)

// The sub-questions of one question share most of their terms ("fy",
// "2018", "capit", "expenditur" in each of a FinanceBench question's
// three), and each sub-question's search read every such term's postings
// again: of the postings the shortlist read for 40 FinanceBench
// questions at issue 40's 27.5k pages, 60% had been read before in the
// same question (MMLongBench's sub-questions share less: 4%). A
// postingCache reads a shared term's postings once for all of them.

// A postingCache keeps, for the searches of one [Index.MultiSearch], the
// postings of the terms two or more of them hold, as the shortlist reads
// them: over the whole index, or within the passages of the documents it
// searches. It is safe for concurrent use; a nil one keeps none.
type postingCache struct {
	shared map[string]bool // the analysed terms of two or more searches
	mu     sync.Mutex
	lists  map[postingKey]*postingList
}

// postingKey names a list: a term's in a field, read from one snapshot
// of the index over a scope (the documents searched, "" for all).
type postingKey struct {
	rd    index.IndexReader
	field int
	term  string
	scope string
}

// postingList is a list read once, by whichever search asks first; done
// is closed when it is read.
type postingList struct {
	done  chan struct{}
	posts []docPosting
	err   error
}

// newPostingCache returns a cache for the searches of texts, or nil when
// no two of them share a term. A text counted twice is searched twice
// (the question, then expanded by relevance feedback).
func newPostingCache(a analysis.Analyzer, texts []string) *postingCache {
	if a == nil || len(texts) < 2 {
		return nil
	}
	in := map[string]int{} // how many texts hold each term
	for _, t := range texts {
		seen := map[string]bool{}
		for _, tok := range a.Analyze([]byte(t)) {
			if term := string(tok.Term); !seen[term] {
				seen[term] = true
				in[term]++
			}
		}
	}
	shared := map[string]bool{}
	for term, n := range in {
		if n >= 2 {
			shared[term] = true
		}
	}
	if len(shared) == 0 {
		return nil
	}
	return &postingCache{shared: shared, lists: map[postingKey]*postingList{}}
}

// scopeOf is the scope key of a search within docs.
func scopeOf(docs []string) string { return strings.Join(docs, "\x00") }

// A cursorsFunc returns the cursors of clauses' postings, each read
// into a list by read or not ([postingCache.cursors]).
type cursorsFunc func(cs []*clause, read func(*cursor) ([]docPosting, error)) ([]*cursor, error)

// cursors returns the cursors of the postings of cs in rd over scope: of
// a clause whose term is shared, a list read once by read (from a cursor
// on the clause's own reader), else the clause's own reader. A list
// another search is reading is waited for last, after those no search
// reads or this one reads itself: two searches of one question's terms
// in one order read the lists in turns, not one after the other.
func (pc *postingCache) cursors(rd index.IndexReader, cs []*clause, scope string, read func(*cursor) ([]docPosting, error)) ([]*cursor, error) {
	curs := make([]*cursor, len(cs))
	lists := make([]*postingList, len(cs))
	for i, c := range cs {
		own := &cursor{tr: c.tr}
		if pc == nil || !pc.shared[string(c.term)] {
			curs[i] = own
			continue
		}
		l, mine := pc.claim(postingKey{rd, c.field, string(c.term), scope})
		if mine {
			l.posts, l.err = read(own)
			close(l.done)
		}
		lists[i] = l
	}
	for i, l := range lists {
		if l == nil {
			continue
		}
		<-l.done
		if l.err != nil {
			return nil, l.err
		}
		curs[i] = &cursor{posts: l.posts}
	}
	return curs, nil
}

// claim returns the list of key, and whether the caller is to read it:
// the first to ask reads it, the others wait for it.
func (pc *postingCache) claim(key postingKey) (l *postingList, mine bool) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if l := pc.lists[key]; l != nil {
		return l, false
	}
	l = &postingList{done: make(chan struct{})}
	pc.lists[key] = l
	return l, true
}

// A cursor reads a clause's postings in the order of their numbers: from
// its term's reader, or from a list read before.
type cursor struct {
	tr    index.TermFieldReader // nil when reading posts
	posts []docPosting
	at    int // the next of posts
	d     index.TermFieldDoc
	buf   []byte
}

// next returns the next posting, or nil past the last.
func (c *cursor) next() (*index.TermFieldDoc, error) {
	if c.tr != nil {
		return c.tr.Next(&c.d)
	}
	if c.at >= len(c.posts) {
		return nil, nil
	}
	c.at++
	return c.doc(c.posts[c.at-1]), nil
}

// advance returns the first posting numbered n or more, or nil.
func (c *cursor) advance(n uint64) (*index.TermFieldDoc, error) {
	if c.tr != nil {
		c.buf = index.NewIndexInternalID(c.buf, n)
		return c.tr.Advance(c.buf, &c.d)
	}
	c.at += sort.Search(len(c.posts)-c.at, func(i int) bool { return c.posts[c.at+i].number >= n })
	return c.next()
}

// doc is p as a reader gives it.
func (c *cursor) doc(p docPosting) *index.TermFieldDoc {
	c.d.ID = index.NewIndexInternalID(c.d.ID, p.number)
	c.d.Freq, c.d.Norm = p.freq, p.norm
	return &c.d
}

// readAll returns every posting of cur.
func readAll(cur *cursor) ([]docPosting, error) {
	var out []docPosting
	if cur.tr != nil {
		out = make([]docPosting, 0, cur.tr.Count())
	}
	for {
		d, err := cur.next()
		if err != nil {
			return nil, err
		}
		if d == nil {
			return out, nil
		}
		out = append(out, postingOf(d))
	}
}

// postingOf is the posting a reader gives as d.
func postingOf(d *index.TermFieldDoc) docPosting {
	return docPosting{d.ID.Value(), d.Freq, d.Norm}
}
