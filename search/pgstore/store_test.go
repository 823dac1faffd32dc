package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/pgtest"
)

// open opens a writer on the cluster's primary, its password read from
// the cluster's pass file (as ~/.pgpass would give it).
func open(t *testing.T, c *pgtest.Cluster, url string) *Store {
	t.Helper()
	t.Setenv("PGPASSFILE", c.PassFile)
	s, err := Open(context.Background(), url, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// doc makes a document of pages, each page's text one passage whose
// terms are its words, the head the page's first word.
func doc(name string, pages ...string) Document {
	d := Document{Name: name, Entry: json.RawMessage(fmt.Sprintf(`{"name":%q}`, name)), Structure: json.RawMessage(`{"outline":[{"title":"One","page":1}]}`)}
	for i, text := range pages {
		p := Passage{Page: i + 1, Seq: 0, Text: text, Terms: map[string]int32{}, Head: map[string]int32{}}
		for _, w := range strings.Fields(text) {
			p.Terms[w]++
		}
		p.Head[strings.Fields(text)[0]]++
		d.Passages = append(d.Passages, p)
		d.Pages = append(d.Pages, Page{N: i + 1, Text: text})
	}
	d.Pages[0].Structure = json.RawMessage(`{"grids":[{"rows":1}]}`)
	return d
}

// bm25 scores the passages of docs for terms as candidatesSQL should.
func bm25(docs []Document, terms []string, headBoost, k1, b float64) map[string]float64 {
	var n, tokens, head float64
	df := map[[2]string]float64{}
	for _, d := range docs {
		for _, p := range d.Passages {
			n++
			tokens += float64(count(p.Terms))
			head += float64(count(p.Head))
			for t := range p.Terms {
				df[[2]string{t, "text"}]++
			}
			for t := range p.Head {
				df[[2]string{t, "head"}]++
			}
		}
	}
	out := map[string]float64{}
	for _, d := range docs {
		for _, p := range d.Passages {
			score, matched := 0.0, false
			for _, t := range terms {
				for _, f := range []struct {
					name  string
					tf    int32
					boost float64
					dl    float64
					avg   float64
				}{{"text", p.Terms[t], 1, float64(count(p.Terms)), tokens / n}, {"head", p.Head[t], headBoost, float64(count(p.Head)), head / n}} {
					if f.tf == 0 {
						continue
					}
					matched = true
					x := df[[2]string{t, f.name}]
					tf := float64(f.tf)
					score += f.boost * math.Log(1+(n-x+0.5)/(x+0.5)) * tf * (k1 + 1) / (tf + k1*(1-b+b*f.dl/f.avg))
				}
			}
			if matched {
				out[fmt.Sprintf("%s p%d", d.Name, p.Page)] = score
			}
		}
	}
	return out
}

func TestStore(t *testing.T) {
	c := pgtest.Start(t)
	ctx := context.Background()
	s := open(t, c, c.URL)
	docs := []Document{
		doc("handbook.pdf", "oil temperature maximum 110 degrees", "oil change every 400 hours", "tyre pressure 2.1 bar"),
		doc("manual.pdf", "engine oil grade", "propeller pitch"),
	}
	for _, d := range docs {
		if err := s.Put(ctx, d); err != nil {
			t.Fatal(err)
		}
	}
	// written again: replaced, not added
	if err := s.Put(ctx, docs[0]); err != nil {
		t.Fatal(err)
	}
	got, err := s.Docs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]string{"handbook.pdf": `{"name": "handbook.pdf"}`, "manual.pdf": `{"name": "manual.pdf"}`}, raw(got)); diff != "" {
		t.Errorf("Docs (-want +got):\n%s", diff)
	}
	if text, ok, err := s.Page(ctx, "handbook.pdf", 2); err != nil || !ok || text != "oil change every 400 hours" {
		t.Errorf("Page = %q, %v, %v", text, ok, err)
	}
	if _, ok, err := s.Page(ctx, "handbook.pdf", 9); err != nil || ok {
		t.Errorf("Page past the end: %v, %v", ok, err)
	}
	if head, pages, ok, err := s.Structure(ctx, "manual.pdf", 1, 9); err != nil || !ok || !strings.Contains(string(head), "One") ||
		len(pages) != 2 || !strings.Contains(string(pages[0].Structure), `"rows"`) || pages[1].Structure != nil {
		t.Errorf("Structure = %s, %+v, %v, %v", head, pages, ok, err)
	}
	if _, _, ok, err := s.Structure(ctx, "none.pdf", 1, 9); err != nil || ok {
		t.Errorf("Structure of none = %v, %v", ok, err)
	}

	for _, tc := range []struct {
		name  string
		q     Query
		want  []string // passages, best first
		check bool     // scores as bm25 computes them
	}{
		{"one term", Query{Terms: []string{"oil"}}, []string{"handbook.pdf p1", "handbook.pdf p2", "manual.pdf p1"}, true},
		{"two terms", Query{Terms: []string{"oil", "temperature"}}, []string{"handbook.pdf p1", "handbook.pdf p2", "manual.pdf p1"}, true},
		{"head", Query{Terms: []string{"propeller"}}, []string{"manual.pdf p2"}, true},
		{"a document", Query{Terms: []string{"oil"}, Docs: []string{"manual.pdf"}}, []string{"manual.pdf p1"}, false},
		{"pages", Query{Terms: []string{"oil"}, Pages: [][2]int{{2, 3}}}, []string{"handbook.pdf p2"}, false},
		{"none", Query{Terms: []string{"zzz"}}, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := tc.q
			q.HeadBoost, q.K1, q.B, q.K = 2, 1.2, 0.75, 10
			hits, err := s.Candidates(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, h := range hits {
				names = append(names, fmt.Sprintf("%s p%d", h.Doc, h.Page))
			}
			if diff := cmp.Diff(tc.want, names); diff != "" {
				t.Errorf("passages (-want +got):\n%s", diff)
			}
			if !tc.check {
				return
			}
			want := bm25(docs, q.Terms, q.HeadBoost, q.K1, q.B)
			for i, h := range hits {
				if w := want[names[i]]; math.Abs(w-h.Score) > 1e-9 {
					t.Errorf("%s: score %v, want %v", names[i], h.Score, w)
				}
			}
		})
	}

	if err := s.Delete(ctx, "manual.pdf"); err != nil {
		t.Fatal(err)
	}
	if hits, err := s.Candidates(ctx, Query{Terms: []string{"propeller"}, K: 5, K1: 1.2, B: 0.75}); err != nil || len(hits) != 0 {
		t.Errorf("a deleted document's passage found: %v, %v", hits, err)
	}
	var postings int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM docqa_postings p JOIN docqa_passages s ON s.id = p.passage WHERE s.doc = 'manual.pdf'`).Scan(&postings); err != nil || postings != 0 {
		t.Errorf("a deleted document's postings left: %d, %v", postings, err)
	}

	// the replica: read-only, and it sees what the primary committed,
	// the schema first (until then it holds no index)
	var r *Store
	waitFor(t, func() bool {
		r, err = Open(ctx, c.ReplicaURL, true)
		return err == nil
	})
	if r == nil {
		t.Fatalf("the replica: %v", err)
	}
	defer r.Close()
	if err := r.Put(ctx, docs[1]); !errors.Is(err, ErrReadOnly) {
		t.Errorf("Put on a reader: %v, want ErrReadOnly", err)
	}
	if w, err := Open(ctx, c.ReplicaURL, false); !errors.Is(err, ErrReadOnly) {
		if w != nil {
			w.Close()
		}
		t.Errorf("a writer on the hot standby: %v, want ErrReadOnly", err)
	}
	waitFor(t, func() bool {
		got, err := r.Docs(ctx)
		return err == nil && len(got) == 1
	})
}

// A Put that fails midway leaves the document as it was, whole.
func TestPutAtomic(t *testing.T) {
	c := pgtest.Start(t)
	ctx := context.Background()
	s := open(t, c, c.URL)
	old := doc("a.pdf", "first version text", "second page")
	if err := s.Put(ctx, old); err != nil {
		t.Fatal(err)
	}
	bad := doc("a.pdf", "new version", "another page")
	bad.Pages = append(bad.Pages, bad.Pages[0]) // a page twice: the last COPY fails
	if err := s.Put(ctx, bad); err == nil {
		t.Fatal("a document with a page twice was stored")
	}
	hits, err := s.Candidates(ctx, Query{Terms: []string{"first", "new"}, K: 5, K1: 1.2, B: 0.75})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 1 || hits[0].Text != "first version text" {
		t.Errorf("after a failed Put: %+v, want the old passage alone", hits)
	}
	// a Put cancelled while it writes
	big := doc("a.pdf", "cancelled version")
	for i := range 20000 {
		big.Passages = append(big.Passages, Passage{Page: 1, Seq: i + 1, Text: "filler", Terms: map[string]int32{fmt.Sprint("w", i): 1}, Head: map[string]int32{}})
	}
	cctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if err := s.Put(cctx, big); err == nil {
		t.Skip("the Put finished before its deadline: nothing to check")
	}
	var passages int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM docqa_passages WHERE doc = 'a.pdf'`).Scan(&passages); err != nil || passages != 2 {
		t.Errorf("after a cancelled Put: %d passages, %v; want the old 2", passages, err)
	}
}

// Two writers at once, on their own connections, store every document
// whole; a schema written by a later docqa is refused.
func TestConcurrentWriters(t *testing.T) {
	c := pgtest.Start(t)
	ctx := context.Background()
	a, b := open(t, c, c.URL), open(t, c, c.URL)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for w, s := range []*Store{a, b} {
		wg.Go(func() {
			for i := range 10 {
				// both write doc-0..9: the same names, in turn
				if err := s.Put(ctx, doc(fmt.Sprintf("doc-%d.pdf", i), fmt.Sprintf("writer %d page one", w), "page two")); err != nil {
					errs[w] = err
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	var docs, passages int
	if err := a.pool.QueryRow(ctx, `SELECT count(*), sum(passages) FROM docqa_docs`).Scan(&docs, &passages); err != nil {
		t.Fatal(err)
	}
	var stored int
	if err := a.pool.QueryRow(ctx, `SELECT count(*) FROM docqa_passages`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if docs != 10 || passages != 20 || stored != 20 {
		t.Errorf("%d documents, %d passages counted, %d stored; want 10, 20, 20", docs, passages, stored)
	}

	// a schema of version 1 (before the failed files' table, and with
	// an outline a document and tables a page, before issue 53's one
	// structure) migrates, what it kept kept
	if _, err := a.pool.Exec(ctx, `DROP TABLE docqa_failed; UPDATE docqa_schema SET version = 1;
		ALTER TABLE docqa_docs RENAME COLUMN structure TO outline; ALTER TABLE docqa_pages RENAME COLUMN structure TO tables;
		UPDATE docqa_docs SET outline = '{"parts":[{"title":"One","level":1,"page":1}],"from":"headings","running":["acme page"]}' WHERE name = 'doc-1.pdf';
		UPDATE docqa_pages SET tables = NULL WHERE doc = 'doc-1.pdf' AND page = 1;
		UPDATE docqa_pages SET tables = '[{"rows":2}]' WHERE doc = 'doc-1.pdf' AND page = 2`); err != nil {
		t.Fatal(err)
	}
	m, err := Open(ctx, c.URL, false)
	if err != nil {
		t.Fatalf("Open of schema 1: %v", err)
	}
	if err := m.SetFailed(ctx, map[string]json.RawMessage{"/x.pdf": json.RawMessage(`{"reason":"damaged"}`)}); err != nil {
		t.Errorf("the failed files after migrating: %v", err)
	}
	m.Close()
	if docs, err := a.Docs(ctx); err != nil || len(docs) != 10 {
		t.Errorf("after migrating: %d documents, %v", len(docs), err)
	}
	head, pages, _, err := a.Structure(ctx, "doc-1.pdf", 1, 2)
	var st struct {
		Outline     []struct{ Title string }
		OutlineFrom string `json:"outline_from"`
		Running     []string
	}
	if err != nil || json.Unmarshal(head, &st) != nil || len(st.Outline) != 1 || st.OutlineFrom != "headings" || len(st.Running) != 1 ||
		len(pages) != 2 || pages[0].Structure != nil || string(pages[1].Structure) != `{"grids": [{"rows": 2}]}` {
		t.Errorf("structure after migrating: %s %+v, %v", head, pages, err)
	}
	if _, err := a.pool.Exec(ctx, `UPDATE docqa_schema SET version = 99`); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, c.URL, true); !errors.Is(err, ErrNewerSchema) {
		t.Errorf("Open of a newer schema: %v, want ErrNewerSchema", err)
	}
}

// A wrong password is an error that does not show it; a URL that does
// not parse is one too.
func TestOpenErrors(t *testing.T) {
	c := pgtest.Start(t)
	ctx := context.Background()
	t.Setenv("PGPASSFILE", "")
	wrong := strings.Replace(c.URL, "docqa@", "docqa:not-"+c.Password+"@", 1)
	_, err := Open(ctx, wrong, true)
	if !errors.Is(err, ErrAuth) || strings.Contains(err.Error(), c.Password) || !strings.HasPrefix(err.Error(), "open index: connect to database") || strings.Contains(err.Error(), "tls") {
		t.Errorf("wrong password: %v, want ErrAuth first, without the password", err)
	}
	// the server's TLS refusal (sslmode=prefer, the default) is not the cause
	prefer := strings.Replace(wrong, "sslmode=disable", "sslmode=prefer", 1)
	if _, err := Open(ctx, prefer, true); !errors.Is(err, ErrAuth) || strings.Contains(err.Error(), "tls") {
		t.Errorf("wrong password, TLS preferred: %v, want ErrAuth first", err)
	}
	_, err = Open(ctx, "postgres://docqa:s3cret@[bad", true)
	if err == nil || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("a URL that does not parse: %v", err)
	}
	t.Setenv("PGPASSWORD", c.Password)
	if _, err := Open(ctx, strings.Replace(c.URL, "/docqa?", "/nodb?", 1), true); !errors.Is(err, ErrNoDatabase) {
		t.Errorf("a database that does not exist: %v, want ErrNoDatabase", err)
	}
	if _, err := Open(ctx, "postgres://docqa@127.0.0.1:1/docqa?sslmode=disable&connect_timeout=2", true); !errors.Is(err, ErrUnreachable) {
		t.Errorf("no server at the address: %v, want ErrUnreachable", err)
	}
	s, err := Open(ctx, c.URL, true)
	if !errors.Is(err, ErrNoIndex) {
		t.Errorf("a reader of an empty database: %v, want ErrNoIndex", err)
	}
	if s != nil {
		s.Close()
	}
}

func raw(m map[string]json.RawMessage) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = string(v)
	}
	return out
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for range 100 {
		if ok() {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Error("the replica never showed the primary's writes")
}
