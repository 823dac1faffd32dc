package ingest

import (
	"strings"

	"docqa/internal/segment"
)

// PassageOptions sets how pages are cut into passages.
type PassageOptions struct {
	// Size is the target passage length in bytes. Passages are cut on
	// sentence boundaries, so most are between Size/2 and Size*3/2.
	Size int
	// Overlap is the number of trailing sentences a passage shares with
	// the one after it.
	Overlap int
}

// DefaultPassageOptions returns the passage shape docqa indexes with:
// uniform passages, since bleve's BM25 punishes length differences far
// more than the textbook formula (see search/stats.go).
func DefaultPassageOptions() PassageOptions {
	return PassageOptions{Size: 700, Overlap: 1}
}

// Passages cuts normalised page text into passages of roughly uniform size
// on sentence boundaries, with opt.Overlap sentences shared between
// neighbours. A sentence longer than 1.5×Size is cut on word boundaries. A
// tail shorter than Size/3 is merged into the passage before it. Every
// passage is a substring of text.
func Passages(text string, opt PassageOptions) []string {
	if opt.Size <= 0 {
		opt = DefaultPassageOptions()
	}
	var sents []segment.Span
	for _, s := range segment.Sentences(text) {
		sents = append(sents, splitLong(text, s, opt.Size*3/2)...)
	}
	var out []string
	var spans []segment.Span
	for i := 0; i < len(sents); {
		j := i
		end := sents[i].End
		for j+1 < len(sents) && sents[j+1].End-sents[i].Start <= opt.Size {
			j++
			end = sents[j].End
		}
		spans = append(spans, segment.Span{Start: sents[i].Start, End: end})
		if j+1 >= len(sents) {
			break
		}
		next := j + 1 - opt.Overlap
		if next <= i {
			next = i + 1
		}
		i = next
	}
	// Merge a short tail into its predecessor.
	if n := len(spans); n >= 2 && spans[n-1].End-spans[n-1].Start < opt.Size/3 {
		spans[n-2].End = spans[n-1].End
		spans = spans[:n-1]
	}
	for _, s := range spans {
		out = append(out, text[s.Start:s.End])
	}
	return out
}

// splitLong cuts a span longer than max into pieces of at most max bytes,
// on spaces where it can.
func splitLong(text string, s segment.Span, max int) []segment.Span {
	if s.End-s.Start <= max || max <= 0 {
		return []segment.Span{s}
	}
	var out []segment.Span
	for s.End-s.Start > max {
		cut := s.Start + max
		if i := strings.LastIndexAny(text[s.Start:cut], " \n"); i > max/2 {
			cut = s.Start + i
		} else {
			for cut > s.Start && !runeStart(text[cut]) {
				cut--
			}
		}
		out = append(out, segment.Span{Start: s.Start, End: cut})
		s.Start = cut
		for s.Start < s.End && segment.IsSpace(text[s.Start]) {
			s.Start++
		}
	}
	if s.End > s.Start {
		out = append(out, s)
	}
	return out
}

func runeStart(b byte) bool { return b&0xC0 != 0x80 }
