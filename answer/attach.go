package answer

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"docqa/ingest"
	"docqa/internal/lazyre"
	"docqa/reader"
)

// StatusContextRequired means the question needs material the index does
// not hold: a document it names, or a file it refers to as attached.
const StatusContextRequired = "context_required"

// EvidenceAttachment is the evidence type a context_required answer asks
// the user for: a file given with the question.
const EvidenceAttachment = "attachment"

// Need says what a context_required answer needs.
type Need struct {
	EvidenceTypes []string `json:"evidence_types"`
	Reason        string   `json:"reason"`
	Documents     []string `json:"documents,omitempty"`
}

var (
	reFileName  = lazyre.New(`(?i)[\p{L}\p{N}_][\p{L}\p{N}_.+-]*\.(pdf|txt|md)\b`)
	reAttachRef = lazyre.New(`(?i)\b(attached|attachment|the (file|document|pdf) i (sent|gave|attached|uploaded|shared))\b`)
)

// missingContext tells what the question needs that neither the index
// (lookup; nil when the caller cannot tell, and names are not checked)
// nor the attachments hold: the files it names by name, or an attachment
// it refers to when there is none. It returns nil when nothing is missing.
func missingContext(q string, lookup func(string) (string, bool), atts []*ingest.Attachment) *Need {
	have := func(name string) bool {
		for _, a := range atts {
			if strings.EqualFold(a.Name, name) {
				return true
			}
		}
		_, ok := lookup(name)
		return ok
	}
	var missing []string
	for _, name := range NamedFiles(q) {
		if lookup != nil && !have(name) && !slices.Contains(missing, name) {
			missing = append(missing, name)
		}
	}
	switch {
	case len(missing) > 0:
		return &Need{EvidenceTypes: []string{EvidenceAttachment}, Documents: missing,
			Reason: fmt.Sprintf("the question names %s, which is not in the index", strings.Join(missing, ", "))}
	case len(atts) == 0 && reAttachRef.MatchString(q):
		return &Need{EvidenceTypes: []string{EvidenceAttachment}, Reason: "the question refers to an attached file, and none was attached"}
	}
	return nil
}

// NamedFiles returns the file names a question mentions ("in
// ae300-handbook.pdf"), in order.
func NamedFiles(q string) []string {
	return reFileName.FindAllString(q, -1)
}

// namedAttachment returns the attachment a question names by its file
// name ("in pdfjs__freeculture.pdf"), or the only one when the question
// points at an attached file ("the attached file"); nil when none.
func namedAttachment(q string, atts []*ingest.Attachment) *ingest.Attachment {
	for _, name := range NamedFiles(q) {
		for _, a := range atts {
			if strings.EqualFold(a.Name, name) {
				return a
			}
		}
	}
	if len(atts) == 1 && reAttachRef.MatchString(q) {
		return atts[0]
	}
	return nil
}

// NamedDocs returns the indexed documents a question names, as lookup
// spells them, in order and without repeats: its scope cue. Nil when it
// names none, or lookup is nil.
func NamedDocs(q string, lookup func(string) (string, bool)) []string {
	if lookup == nil {
		return nil
	}
	var docs []string
	for _, name := range NamedFiles(q) {
		if d, ok := lookup(name); ok && !slices.Contains(docs, d) {
			docs = append(docs, d)
		}
	}
	return docs
}

func contextRequired(a *Answer, need *Need) *Answer {
	a.Status = StatusContextRequired
	a.Need = need
	a.Answer = "Context required: " + need.Reason + "."
	a.Explanation = "Attach the file (--attach FILE, or /attach FILE in chat) or index it (docqa ingest FILE), then ask again."
	return a
}

// attached picks the attachments' pages for the context, those whose
// best sentence shares most of the question's terms first, each cut to a
// window around that sentence, until maxChars are gathered.
func attached(q string, atts []*ingest.Attachment, maxChars int, par reader.Params) []Source {
	var all []Source
	for _, a := range atts {
		for i, text := range a.Pages {
			if strings.TrimSpace(text) != "" {
				all = append(all, withStructure(Source{Doc: a.Name, Page: i + 1, Text: text}, a.Structure.Of(i+1)))
			}
		}
	}
	if len(all) == 0 {
		return nil
	}
	focus := reader.Focuses(q, all, par)
	type ranked struct {
		src   int
		score float64
		best  string
	}
	rs := make([]ranked, len(all))
	for i, f := range focus {
		rs[i] = ranked{src: i, score: f.Coverage, best: f.Sentence}
	}
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].score > rs[j].score })
	var out []Source
	used := 0
	perPage := max(maxChars/3, 1)
	full := map[PageRef]string{}     // the pages' whole texts, for [widen]
	passages := map[PageRef]string{} // the sentence each window is around
	for _, r := range rs {
		left := min(maxChars-used, perPage)
		if left < 200 {
			break
		}
		s := all[r.src]
		ref := PageRef{s.Doc, s.Page}
		full[ref], passages[ref] = s.Text, r.best
		if len(s.Text) > left {
			s.Text, s.Cut = window(s.Text, r.best, left), true
		}
		used += len(s.Text)
		out = append(out, s)
	}
	widen(out, full, passages, maxChars-used) // a short attachment is read whole
	return out
}
