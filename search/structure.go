package search

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"

	"docqa/ingest"
	"docqa/internal/doc"
)

// storedStructure is a document's structure file, NAME.structure beside
// its pages: a header line, JSON {"doc": NAME, the document's outline,
// running keys and lists, "ends": [...]}, then each page's structure
// ([doc.Page]: blocks, marks, tables) one after another, a JSON object
// a page, empty for a page without; ends[i] is where page i+1's ends. A
// page's structure is decoded when asked for, not the document's every
// page (at 26k pages, decoding whole files of tables was a tenth of a
// question's CPU).
type storedStructure struct {
	Doc string `json:"doc"`
	doc.Structure
	Ends  []int `json:"ends"`
	body  []byte
	mu    sync.Mutex
	pages map[int]doc.Page // decoded so far
}

// structurePath names the file of doc's structure beside its pages.
func (s *pageStore) structurePath(doc string) string {
	return strings.TrimSuffix(s.path(doc), ".pages") + ".structure"
}

// putStructure writes doc's structure atomically, replacing what was
// stored. The caller ([pageStore.put]) has forgotten what was read of
// doc.
func (s *pageStore) putStructure(d *ingest.Document) error {
	st := storedStructure{Doc: d.Name, Structure: d.Structure}
	var body bytes.Buffer
	for _, p := range d.Structure.Pages {
		if !p.Empty() {
			data, err := json.Marshal(p)
			if err != nil {
				return fmt.Errorf("store structure of %s: %w", d.Name, err)
			}
			body.Write(data)
		}
		st.Ends = append(st.Ends, body.Len())
	}
	head, err := json.Marshal(&st)
	if err != nil {
		return fmt.Errorf("store structure of %s: %w", d.Name, err)
	}
	return ingest.WriteFileAtomic(s.structurePath(d.Name), slices.Concat(head, []byte{'\n'}, body.Bytes()))
}

func (s *pageStore) removeStructure(doc string) error {
	for _, p := range []string{s.structurePath(doc), strings.TrimSuffix(s.path(doc), ".pages") + ".tables"} { // and an older index's tables
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove structure of %s: %w", doc, err)
		}
	}
	return nil
}

// structure returns name's structure with its pages from to to (none
// for 0, 0); ok is false when the index holds no such document. A
// document ingested before docqa kept structure has none.
func (s *pageStore) structure(name string, from, to int) (doc.Structure, bool, error) {
	h, err := s.headerOf(name)
	if err != nil || h == nil {
		return doc.Structure{}, false, err
	}
	st, err := s.storedStructure(name)
	if err != nil || st == nil {
		return doc.Structure{}, true, err
	}
	out := st.Structure
	out.Lists = listsIn(st.Lists, from, to)
	for n := max(from, 1); n <= min(to, len(st.Ends)); n++ {
		p, err := st.page(n)
		if err != nil {
			return doc.Structure{}, true, err
		}
		out.Pages = append(out.Pages, p)
	}
	return out, true, nil
}

// storedStructure returns doc's structure file, read once and kept; nil
// for none.
func (s *pageStore) storedStructure(name string) (*storedStructure, error) {
	s.mu.Lock()
	st, ok := s.structs[name]
	s.mu.Unlock()
	if ok {
		return st, nil
	}
	data, err := os.ReadFile(s.structurePath(name))
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, fmt.Errorf("read structure of %s: %w", name, err)
	default:
		head, body, _ := bytes.Cut(data, []byte{'\n'})
		st = &storedStructure{}
		if err := json.Unmarshal(head, st); err != nil {
			return nil, fmt.Errorf("read structure of %s: bad header: %w", name, err)
		}
		if st.Doc != name {
			st = nil // a hash collision
		} else {
			st.body = body
		}
	}
	s.mu.Lock()
	if s.structs == nil {
		s.structs = map[string]*storedStructure{}
	}
	s.structs[name] = st
	s.mu.Unlock()
	return st, nil
}

// page decodes page n's structure, once.
func (st *storedStructure) page(n int) (doc.Page, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if p, ok := st.pages[n]; ok {
		return p, nil
	}
	from := 0
	if n > 1 {
		from = st.Ends[n-2]
	}
	if from > st.Ends[n-1] || st.Ends[n-1] > len(st.body) {
		return doc.Page{}, fmt.Errorf("read structure of %s: page %d out of its file", st.Doc, n)
	}
	var p doc.Page
	if raw := st.body[from:st.Ends[n-1]]; len(raw) > 0 {
		if err := json.Unmarshal(raw, &p); err != nil {
			return doc.Page{}, fmt.Errorf("read structure of %s, page %d: %w", st.Doc, n, err)
		}
	}
	p.Number = n
	if st.pages == nil {
		st.pages = map[int]doc.Page{}
	}
	st.pages[n] = p
	return p, nil
}

// listsIn returns the lists with an item on a page from from to to.
func listsIn(lists []doc.List, from, to int) []doc.List {
	var out []doc.List
	for _, l := range lists {
		if slices.ContainsFunc(l.Items, func(sp doc.Span) bool { return sp.Page >= from && sp.Page <= to }) {
			out = append(out, l)
		}
	}
	return out
}
