package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrReadOnly means a write was asked of a store opened read-only, or
// of a server that takes none (a hot standby).
var ErrReadOnly = errors.New("the index is read-only")

// querier is what a pool, a connection and a transaction share.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// A Store is a docqa index in one PostgreSQL database. It is safe for
// concurrent use.
type Store struct {
	pool     *pgxpool.Pool
	readOnly bool
}

// Open connects to the database url names (postgres://user@host/db; a
// password from the URL, PGPASSWORD or ~/.pgpass, as libpq reads them).
// A writer creates or migrates the schema, and a hot standby refuses it
// ([ErrReadOnly]); a reader needs the schema written already at this
// docqa's version.
func Open(ctx context.Context, url string, readOnly bool) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("open index: %w", redact(err))
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, connectError(cfg, err)
	}
	s := &Store{pool: pool, readOnly: readOnly}
	if err := s.prepare(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// prepare checks the server and the schema, migrating it when s writes.
func (s *Store) prepare(ctx context.Context) error {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return connectError(s.pool.Config(), err)
	}
	defer conn.Release()
	var standby bool
	if err := conn.QueryRow(ctx, `SELECT pg_is_in_recovery()`).Scan(&standby); err != nil {
		return fmt.Errorf("open index: %w", err)
	}
	if standby && !s.readOnly {
		return fmt.Errorf("open index: %w: the server is a hot standby; write to its primary", ErrReadOnly)
	}
	if !s.readOnly {
		return migrate(ctx, conn.Conn())
	}
	v, err := version(ctx, conn)
	if err != nil {
		return fmt.Errorf("open index: %w", err)
	}
	if err := checkVersion(v); err != nil {
		return fmt.Errorf("open index: %w", err)
	}
	if v < SchemaVersion {
		return fmt.Errorf("open index: %w", ErrNoIndex)
	}
	return nil
}

// ErrNoIndex means the database holds no docqa index yet (or one of an
// older schema, on a reader that may not migrate it).
var ErrNoIndex = errors.New("no docqa index in the database: ingest into it first")

// ReadOnly reports whether s only reads.
func (s *Store) ReadOnly() bool { return s.readOnly }

// Close closes the connections.
func (s *Store) Close() { s.pool.Close() }

// redact drops a password from a connection error: pgx's errors name
// the host and user, never the password, but a URL that does not parse
// is quoted whole.
func redact(err error) error {
	var pe *pgconn.ParseConfigError
	if errors.As(err, &pe) {
		return errors.New("the index URL does not parse (postgres://USER@HOST[:PORT]/DATABASE)")
	}
	return err
}

// A Document is what one PDF adds to the index.
type Document struct {
	Name string
	// Entry is the document's manifest entry, as JSON.
	Entry json.RawMessage
	// Structure is what the document is beyond its pages (its outline,
	// running heads, lists), as JSON; nil for none.
	Structure json.RawMessage
	Passages  []Passage
	Pages     []Page
}

// A Passage is one passage and the counts of its analysed terms, in its
// text and in its page's head.
type Passage struct {
	Page, Seq int
	Text      string
	Terms     map[string]int32
	Head      map[string]int32
}

// A Page is a page's text and its structure (blocks, marks, tables), as
// JSON (nil for none).
type Page struct {
	N         int
	Text      string
	Structure json.RawMessage
}

// Fields of the postings: a term of a passage's text, or of its page's
// head.
const (
	fieldText = 0
	fieldHead = 1
)

// Put stores d in place of any document of its name, in one
// transaction: readers see the old document or the new one whole, and a
// writer stopped midway leaves the old. Two writers of one document
// take turns (an advisory lock on its name).
func (s *Store) Put(ctx context.Context, d Document) error {
	if s.readOnly {
		return ErrReadOnly
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockName(ctx, tx, d.Name); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM docqa_docs WHERE name = $1`, d.Name); err != nil {
			return err
		}
		var tokens, head int64
		for _, p := range d.Passages {
			tokens += int64(count(p.Terms))
			head += int64(count(p.Head))
		}
		if _, err := tx.Exec(ctx, `INSERT INTO docqa_docs (name, entry, passages, tokens, head_tokens, structure) VALUES ($1, $2, $3, $4, $5, $6)`,
			d.Name, d.Entry, len(d.Passages), tokens, head, nullJSON(d.Structure)); err != nil {
			return err
		}
		ids := make([]int64, 0, len(d.Passages))
		rows, err := tx.Query(ctx, `SELECT nextval('docqa_passages_id_seq') FROM generate_series(1, $1)`, len(d.Passages))
		if err != nil {
			return err
		}
		ids, err = pgx.AppendRows(ids, rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		passages := make([][]any, len(d.Passages))
		var postings [][]any
		for i, p := range d.Passages {
			passages[i] = []any{ids[i], d.Name, p.Page, p.Seq, p.Text, count(p.Terms), count(p.Head)}
			postings = appendPostings(postings, ids[i], fieldText, p.Terms)
			postings = appendPostings(postings, ids[i], fieldHead, p.Head)
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"docqa_passages"}, []string{"id", "doc", "page", "seq", "text", "text_len", "head_len"}, pgx.CopyFromRows(passages)); err != nil {
			return err
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"docqa_postings"}, []string{"term", "field", "passage", "tf"}, pgx.CopyFromRows(postings)); err != nil {
			return err
		}
		pages := make([][]any, len(d.Pages))
		for i, p := range d.Pages {
			pages[i] = []any{d.Name, p.N, p.Text, nullJSON(p.Structure)}
		}
		_, err = tx.CopyFrom(ctx, pgx.Identifier{"docqa_pages"}, []string{"doc", "page", "text", "structure"}, pgx.CopyFromRows(pages))
		return err
	})
}

// Delete removes the document name, if the index holds it.
func (s *Store) Delete(ctx context.Context, name string) error {
	if s.readOnly {
		return ErrReadOnly
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockName(ctx, tx, name); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM docqa_docs WHERE name = $1`, name)
		return err
	})
}

// lockName takes the transaction's advisory lock on a document's name.
func lockName(ctx context.Context, tx pgx.Tx, name string) error {
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, int32(lockDoc&0x7fffffff), name)
	return err
}

// appendPostings appends a row (term, field, passage, tf) for each of
// terms, in term order (the order COPY writes them in does not matter
// to the index, but the same document writes the same bytes).
func appendPostings(rows [][]any, id int64, field int16, terms map[string]int32) [][]any {
	for _, t := range slices.Sorted(maps.Keys(terms)) {
		rows = append(rows, []any{t, field, id, terms[t]})
	}
	return rows
}

// count is the number of tokens a term count holds.
func count(terms map[string]int32) int {
	n := 0
	for _, c := range terms {
		n += int(c)
	}
	return n
}

func nullJSON(j json.RawMessage) any {
	if len(j) == 0 {
		return nil
	}
	return j
}

// Docs returns the manifest entries of the documents the index holds,
// by name.
func (s *Store) Docs(ctx context.Context) (map[string]json.RawMessage, error) {
	return s.entries(ctx, `SELECT name, entry FROM docqa_docs`)
}

// entries runs a query of (key, JSON) rows into a map.
func (s *Store) entries(ctx context.Context, sql string) (map[string]json.RawMessage, error) {
	rows, err := s.pool.Query(ctx, sql)
	if err != nil {
		return nil, fmt.Errorf("read manifest: %w", err)
	}
	out := map[string]json.RawMessage{}
	for rows.Next() {
		var key string
		var entry []byte
		if err := rows.Scan(&key, &entry); err != nil {
			return nil, fmt.Errorf("read manifest: %w", err)
		}
		out[key] = entry
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read manifest: %w", err)
	}
	return out, nil
}

// DocCount returns how many documents the index holds passages of.
func (s *Store) DocCount(ctx context.Context) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM docqa_docs WHERE passages > 0`).Scan(&n); err != nil {
		return 0, fmt.Errorf("search: %w", err)
	}
	return n, nil
}

// Page returns the text of a document's page n, and whether it is held.
func (s *Store) Page(ctx context.Context, doc string, n int) (string, bool, error) {
	var text string
	err := s.pool.QueryRow(ctx, `SELECT text FROM docqa_pages WHERE doc = $1 AND page = $2`, doc, n).Scan(&text)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read page: %w", err)
	}
	return text, true, nil
}

// Pages returns the texts of a document's pages from to to, as far as
// they run on from page from without a page missing: one query, where a
// document read a page at a time asked once a page.
func (s *Store) Pages(ctx context.Context, doc string, from, to int) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT page, text FROM docqa_pages WHERE doc = $1 AND page BETWEEN $2 AND $3 ORDER BY page`, doc, from, to)
	if err != nil {
		return nil, fmt.Errorf("read pages: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n int
		var text string
		if err := rows.Scan(&n, &text); err != nil {
			return nil, fmt.Errorf("read pages: %w", err)
		}
		if n != from+len(out) {
			break // a page missing: the run ends before it
		}
		out = append(out, text)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read pages: %w", err)
	}
	return out, nil
}

// Structure returns the JSON of a document's structure and of each of
// its pages from to to (nil for a page without), in page order, and
// whether the index holds the document.
func (s *Store) Structure(ctx context.Context, doc string, from, to int) (json.RawMessage, []Page, bool, error) {
	var head []byte
	err := s.pool.QueryRow(ctx, `SELECT structure FROM docqa_docs WHERE name = $1`, doc).Scan(&head)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, false, nil
	}
	if err != nil {
		return nil, nil, false, fmt.Errorf("read structure: %w", err)
	}
	if from > to || to < 1 {
		return head, nil, true, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT page, structure FROM docqa_pages WHERE doc = $1 AND page BETWEEN $2 AND $3 ORDER BY page`, doc, from, to)
	if err != nil {
		return nil, nil, false, fmt.Errorf("read structure: %w", err)
	}
	defer rows.Close()
	var pages []Page
	for rows.Next() {
		var p Page
		if err := rows.Scan(&p.N, &p.Structure); err != nil {
			return nil, nil, false, fmt.Errorf("read structure: %w", err)
		}
		pages = append(pages, p)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, false, fmt.Errorf("read structure: %w", err)
	}
	return head, pages, true, nil
}

// DocsWith returns the documents whose text holds the analysed term.
func (s *Store) DocsWith(ctx context.Context, term string) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT DISTINCT s.doc FROM docqa_postings p JOIN docqa_passages s ON s.id = p.passage WHERE p.term = $1 AND p.field = 0`, term)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	docs, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return docs, nil
}

// Failed returns the manifest's entries of files ingest could not read,
// by path.
func (s *Store) Failed(ctx context.Context) (map[string]json.RawMessage, error) {
	return s.entries(ctx, `SELECT path, entry FROM docqa_failed`)
}

// SetFailed replaces the entries of files ingest could not read, in one
// transaction.
func (s *Store) SetFailed(ctx context.Context, failed map[string]json.RawMessage) error {
	if s.readOnly {
		return ErrReadOnly
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, lockFailed); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM docqa_failed`); err != nil {
			return err
		}
		rows := make([][]any, 0, len(failed))
		for _, path := range slices.Sorted(maps.Keys(failed)) {
			rows = append(rows, []any{path, failed[path]})
		}
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"docqa_failed"}, []string{"path", "entry"}, pgx.CopyFromRows(rows))
		return err
	})
}
