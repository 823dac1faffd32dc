// Package pgstore keeps a docqa index in PostgreSQL, for a team that
// shares one corpus (issue 41): each document's passages with the
// counts BM25 needs, its pages, its structure, and its manifest
// entry. A document is written in one transaction, so a reader (on the
// primary or on a streaming replica) sees whole documents only, and a
// writer killed mid-document leaves nothing of it.
//
// The store keeps an inverted index of its own (postings: a term's
// count in each passage) rather than PostgreSQL's full-text search:
// ts_rank is no BM25, and docqa's ranking is BM25 with the analysis of
// its bleve index (search's analyzer), so the same terms, counted the
// same way, rank alike on either backend.
package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// SchemaVersion is the version of the tables this docqa reads and
// writes. Open migrates an older schema up to it; a newer one (a later
// docqa wrote it) is [ErrNewerSchema].
const SchemaVersion = 3

// ErrNewerSchema means the database was written by a later docqa.
var ErrNewerSchema = errors.New("the index was written by a newer docqa")

// migrations[i] takes the schema from version i to i+1.
var migrations = []string{
	`CREATE TABLE docqa_docs (
		name        text PRIMARY KEY,
		entry       jsonb NOT NULL,
		passages    integer NOT NULL,
		tokens      bigint NOT NULL,
		head_tokens bigint NOT NULL,
		outline     jsonb
	);
	CREATE TABLE docqa_passages (
		id       bigserial PRIMARY KEY,
		doc      text NOT NULL REFERENCES docqa_docs (name) ON DELETE CASCADE,
		page     integer NOT NULL,
		seq      integer NOT NULL,
		text     text NOT NULL,
		text_len integer NOT NULL,
		head_len integer NOT NULL
	);
	CREATE INDEX docqa_passages_doc ON docqa_passages (doc, page);
	CREATE TABLE docqa_postings (
		term    text NOT NULL,
		field   smallint NOT NULL,
		passage bigint NOT NULL REFERENCES docqa_passages (id) ON DELETE CASCADE,
		tf      integer NOT NULL,
		PRIMARY KEY (term, field, passage)
	);
	CREATE INDEX docqa_postings_passage ON docqa_postings (passage);
	CREATE TABLE docqa_pages (
		doc    text NOT NULL REFERENCES docqa_docs (name) ON DELETE CASCADE,
		page   integer NOT NULL,
		text   text NOT NULL,
		tables jsonb,
		PRIMARY KEY (doc, page)
	);`,
	// the files ingest could not read, by path (the manifest's failed)
	`CREATE TABLE docqa_failed (
		path  text PRIMARY KEY,
		entry jsonb NOT NULL
	);`,
	// one structure a document and a page (issue 53): the outline
	// becomes the document's, a page's tables its structure's grids
	`ALTER TABLE docqa_docs RENAME COLUMN outline TO structure;
	UPDATE docqa_docs SET structure = jsonb_build_object('outline', structure->'parts', 'outline_from', structure->'from', 'running', structure->'running') WHERE structure IS NOT NULL;
	ALTER TABLE docqa_pages RENAME COLUMN tables TO structure;
	UPDATE docqa_pages SET structure = jsonb_build_object('grids', structure) WHERE structure IS NOT NULL;`,
}

// migrate brings the schema to SchemaVersion, under an advisory lock so
// that two docqa processes starting at once migrate it once; a schema
// already at it is only read.
func migrate(ctx context.Context, conn *pgx.Conn) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, lockSchema); err != nil {
		return err
	}
	v, err := version(ctx, tx)
	if err != nil || v == SchemaVersion {
		return err
	}
	if err := checkVersion(v); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS docqa_schema (version integer NOT NULL)`); err != nil {
		return err
	}
	for ; v < SchemaVersion; v++ {
		if _, err := tx.Exec(ctx, migrations[v]); err != nil {
			return fmt.Errorf("migrate schema %d -> %d: %w", v, v+1, err)
		}
	}
	if _, err := tx.Exec(ctx, `DELETE FROM docqa_schema`); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO docqa_schema VALUES ($1)`, SchemaVersion); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// checkVersion is [ErrNewerSchema] for a schema a later docqa wrote.
func checkVersion(v int) error {
	if v > SchemaVersion {
		return fmt.Errorf("%w (schema %d; this docqa reads %d)", ErrNewerSchema, v, SchemaVersion)
	}
	return nil
}

// version reads the schema's version; 0 for a database docqa never
// wrote.
func version(ctx context.Context, q querier) (int, error) {
	var exists bool
	if err := q.QueryRow(ctx, `SELECT to_regclass('docqa_schema') IS NOT NULL`).Scan(&exists); err != nil || !exists {
		return 0, err
	}
	v := 0
	err := q.QueryRow(ctx, `SELECT version FROM docqa_schema`).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return v, err
}

// Advisory lock keys: the schema's migration, and a document's writes
// (with the document's name hashed in the second key).
const (
	lockSchema = 0x646f6371610001 // "docqa" 1
	lockFailed = 0x646f6371610002 // "docqa" 2
	lockDoc    = 0x646f637161
)
