package answer

import (
	"strings"
	"testing"
)

func TestBudget(t *testing.T) {
	pages := func(n ...int) []Source {
		var out []Source
		for _, c := range n {
			out = append(out, Source{Text: strings.Repeat("x", c)})
		}
		return out
	}
	tests := []struct {
		name                                   string
		max                                    int
		kept, attached, fresh                  []Source
		indexed                                bool
		retained, atts, search, room, evidence int
	}{
		{"default, a first question", 0, nil, nil, pages(4000), true, 0, 3000, 6000, 2000, 6000},
		{"follow-up: retained pages hold a third at most", 6000, pages(3000, 1000), nil, pages(5000), true, 2000, 2000, 4000, 1000, 2000},
		{"small retained pages hold what they need", 6000, pages(600), nil, nil, true, 600, 2700, 5400, 6000, 5400},
		{"attachments without an index take it all", 6000, nil, pages(2500), pages(2500), false, 0, 6000, 3500, 3500, 6000},
		{"attachments with an index take half", 9000, nil, pages(1000), nil, true, 0, 4500, 8000, 9000, 9000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newBudget(tt.max)
			if got := b.retained(tt.kept); got != tt.retained {
				t.Errorf("retained = %d, want %d", got, tt.retained)
			}
			if got := b.attachments(tt.kept, tt.indexed); got != tt.atts {
				t.Errorf("attachments = %d, want %d", got, tt.atts)
			}
			if got := b.search(tt.kept, tt.attached); got != tt.search {
				t.Errorf("search = %d, want %d", got, tt.search)
			}
			if got := b.keptRoom(tt.fresh); got != tt.room {
				t.Errorf("keptRoom = %d, want %d", got, tt.room)
			}
			if got := b.evidence(tt.kept); got != tt.evidence {
				t.Errorf("evidence = %d, want %d", got, tt.evidence)
			}
		})
	}
}
