package cli

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"docqa/ingest"
	"docqa/internal/table"
	"docqa/search"
)

func tablesCommand() *cli.Command {
	return &cli.Command{
		Name:      "tables",
		Usage:     "print the tables of a PDF, found from the positions of its words",
		ArgsUsage: "FILE.pdf|DOCNAME",
		Description: "Finds the tables of every page of FILE.pdf (or of --pages) from the positions of its\n" +
			"words, read by pdftotext -raw -bbox, and prints each as a grid of rows and columns.\n" +
			"DOCNAME, a document of the index as docqa docs lists it, prints the tables ingest kept\n" +
			"(the pages likely to hold one), which the extractive engine answers from.\n" +
			"--format json writes the result format of table-score (ICDAR 2013 structure scoring):\n" +
			`{"tables": [{"page": 1, "bbox": [...], "cells": [{"row": 0, "col": 0, "text": "..."}]}]}`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "pages", Usage: "only these pages, e.g. 3-5 or 7 or 3-5,9"},
			&cli.StringFlag{Name: "format", Usage: "text, json, csv or markdown", Value: "text"},
		},
		Action: runTables,
	}
}

// indexedName reports whether a command's FILE.pdf|DOCNAME argument names
// an indexed document: no such file, and no path separator in it.
func indexedName(path string) bool {
	_, err := os.Stat(path)
	return err != nil && !strings.ContainsAny(path, `/\`)
}

// pageGrids are the tables found on one page.
type pageGrids struct {
	Page  int
	Grids []table.Grid
}

func runTables(c *cli.Context) error {
	if c.NArg() != 1 {
		return &usageError{msg: "tables needs one PDF file or indexed document", hint: "docqa tables report.pdf --pages 3-5"}
	}
	format := c.String("format")
	switch format {
	case "text", "json", "csv", "markdown":
	default:
		return &usageError{msg: fmt.Sprintf("unknown --format %q", format), hint: "--format text, json, csv or markdown"}
	}
	pages, err := parsePages(c.String("pages"))
	if err != nil {
		return err
	}
	f := search.Filter{Pages: pages}
	path := c.Args().First()
	var found []pageGrids
	if indexedName(path) {
		found, err = indexedTables(c, path, f)
	} else {
		found, err = fileTables(c, path, f)
	}
	if err != nil {
		return err
	}
	if len(found) == 0 { // one line for every format, beside its empty output
		where := printable(filepath.Base(path))
		if p := c.String("pages"); p != "" {
			where = fmt.Sprintf("pages %s of %s", p, where)
		}
		fmt.Fprintf(c.App.ErrWriter, "docqa: no tables found in %s\n", where)
	}
	w := c.App.Writer
	switch format {
	case "json":
		return writeTablesJSON(w, found)
	case "csv":
		return writeTablesCSV(w, found)
	case "markdown":
		return writeTablesMarkdown(w, found)
	}
	return writeTablesText(w, found)
}

// fileTables finds the tables of the PDF at path, read on the spot.
func fileTables(c *cli.Context, path string, f search.Filter) ([]pageGrids, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	p, err := ingest.NewPdftotext(0, 0)
	if err != nil {
		return nil, fmt.Errorf("read tables of %s: %w", path, err)
	}
	words, err := p.Words(c.Context, data, 0, 0)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	var found []pageGrids
	for i, pw := range words {
		if !f.Allows(i + 1) {
			continue
		}
		if gs := table.Grids(pw.Words, table.DefaultGridParams()); len(gs) > 0 {
			found = append(found, pageGrids{Page: i + 1, Grids: gs})
		}
	}
	return found, nil
}

// indexedTables returns the tables ingest kept for the indexed document
// name.
func indexedTables(c *cli.Context, name string, f search.Filter) ([]pageGrids, error) {
	idx, m, err := openIndex(c, true)
	if err != nil {
		return nil, err
	}
	defer idx.Close()
	e, ok := m.Docs[name]
	if !ok {
		return nil, &hintError{err: fmt.Errorf("no file %s, and no indexed document of that name", printable(name)),
			hint: "give a PDF file, or a document name as docqa docs lists it"}
	}
	st, _, err := idx.Structure(c.Context, name, 1, e.Pages)
	if err != nil {
		return nil, err
	}
	var found []pageGrids
	for _, p := range st.Pages {
		if f.Allows(p.Number) && len(p.Grids) > 0 {
			found = append(found, pageGrids{Page: p.Number, Grids: p.Grids})
		}
	}
	return found, nil
}

// matrix lays a grid's cells out in rows and columns; a spanning cell
// stands in its first slot.
func matrix(g table.Grid) [][]string {
	m := make([][]string, g.Rows)
	for r := range m {
		m[r] = make([]string, g.Cols)
	}
	for _, c := range g.Cells {
		if c.Row < g.Rows && c.Col < g.Cols {
			m[c.Row][c.Col] = strings.TrimSpace(m[c.Row][c.Col] + " " + c.Text)
		}
	}
	return m
}

func writeTablesJSON(w io.Writer, found []pageGrids) error {
	type cell struct {
		Row     int    `json:"row"`
		Col     int    `json:"col"`
		RowSpan int    `json:"row_span"`
		ColSpan int    `json:"col_span"`
		Text    string `json:"text"`
	}
	type tbl struct {
		Page  int        `json:"page"`
		BBox  [4]float64 `json:"bbox"`
		Cells []cell     `json:"cells"`
	}
	out := struct {
		Tables []tbl `json:"tables"`
	}{Tables: []tbl{}}
	for _, pg := range found {
		for _, g := range pg.Grids {
			t := tbl{Page: pg.Page, BBox: g.Box, Cells: []cell{}}
			for _, c := range g.Cells {
				t.Cells = append(t.Cells, cell{c.Row, c.Col, c.RowSpan, c.ColSpan, c.Text})
			}
			out.Tables = append(out.Tables, t)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func writeTablesCSV(w io.Writer, found []pageGrids) error {
	cw := csv.NewWriter(w)
	for _, pg := range found {
		for i, g := range pg.Grids {
			if err := cw.Write([]string{fmt.Sprintf("# page %d, table %d", pg.Page, i+1)}); err != nil {
				return err
			}
			if err := cw.WriteAll(matrix(g)); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

func writeTablesMarkdown(w io.Writer, found []pageGrids) error {
	var b strings.Builder
	for _, pg := range found {
		for i, g := range pg.Grids {
			fmt.Fprintf(&b, "Page %d, table %d\n\n", pg.Page, i+1)
			for r, row := range matrix(g) {
				cells := make([]string, len(row))
				for k, s := range row {
					cells[k] = strings.ReplaceAll(s, "|", `\|`)
				}
				fmt.Fprintf(&b, "| %s |\n", strings.Join(cells, " | "))
				if r == 0 {
					fmt.Fprintf(&b, "|%s\n", strings.Repeat(" --- |", len(row)))
				}
			}
			b.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeTablesText(w io.Writer, found []pageGrids) error {
	var b strings.Builder
	for _, pg := range found {
		for i, g := range pg.Grids {
			fmt.Fprintf(&b, "p. %d, table %d (%d rows x %d columns)\n", pg.Page, i+1, g.Rows, g.Cols)
			m := matrix(g)
			width := make([]int, g.Cols)
			for _, row := range m {
				for k, s := range row {
					width[k] = max(width[k], len([]rune(s)))
				}
			}
			for _, row := range m {
				var parts []string
				for k, s := range row {
					parts = append(parts, s+strings.Repeat(" ", width[k]-len([]rune(s))))
				}
				fmt.Fprintf(&b, "  %s\n", strings.TrimRight(strings.Join(parts, " | "), " "))
			}
			b.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
