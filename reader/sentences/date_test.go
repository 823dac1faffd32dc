package sentences

import (
	"testing"

	"docqa/internal/inquiry"
	textterms "docqa/internal/terms"
)

func TestFindDate(t *testing.T) {
	tests := []struct {
		s    string
		want date
		ok   bool
	}{
		{"Tuesday, October 7, 2003", date{2003, 10, 7}, true},
		{"Montréal, February 8, 2021", date{2021, 2, 8}, true},
		{"Date Filed: 01/05/2022 Page: 1 of 17", date{2022, 1, 5}, true},
		{"signed on 25/12/2020", date{2020, 12, 25}, true},
		{"the 3rd of March, 1999 meeting", date{1999, 3, 3}, true},
		{"Revised 2016-05-31", date{2016, 5, 31}, true},
		{"July 2009", date{2009, 7, 0}, true},
		{"Sept. 14th, 2015 and May 1, 2016", date{2015, 9, 14}, true},
		{"members may 2004 fiscal", date{2004, 5, 0}, true}, // a month name and a year read as a month
		{"they may be included", date{}, false},
		{"13/13/2020", date{}, false},
		{"Page 12 of 40", date{}, false},
	}
	for _, tt := range tests {
		got, ok := findDate(tt.s)
		if got != tt.want || ok != tt.ok {
			t.Errorf("findDate(%q) = %v, %v; want %v, %v", tt.s, got, ok, tt.want, tt.ok)
		}
	}
}

func TestDateAnswer(t *testing.T) {
	tests := []struct{ q, quote, want string }{
		{"What date is mentioned on page 2? Format the date as YYYY-MM-DD", "Tuesday, October 7, 2003", "2003-10-07"},
		{"What date is mentioned on the second page? Format the date as YYYY-MM", "July 2009", "2009-07"},
		{"Give the date as DD/MM/YYYY.", "Filed 2021-02-08", "08/02/2021"},
		{"Format the date as YYYY-MM-DD.", "July 2009", ""}, // no day to write
		{"What date is mentioned on page 2?", "Tuesday, October 7, 2003", ""},
		{"Format the date as YYYY-MM-DD.", "no date here", ""},
	}
	for _, tt := range tests {
		if got := DateAnswer(tt.q, tt.quote); got != tt.want {
			t.Errorf("dateAnswer(%q, %q) = %q, want %q", tt.q, tt.quote, got, tt.want)
		}
	}
}

// FuzzFindDate: whatever the text, a date found is a real calendar
// position, and the layout written from it has the layout's length.
func FuzzFindDate(f *testing.F) {
	f.Add("Tuesday, October 7, 2003", "Format as YYYY-MM-DD")
	f.Add("01/05/2022 and 25/12/2020", "DD/MM/YYYY")
	f.Add("the 3rd of March, 1999", "YYYY-MM")
	f.Fuzz(func(t *testing.T, s, q string) {
		d, ok := findDate(s)
		if ok && (d.year < 1000 || d.month < 1 || d.month > 12 || d.day < 0 || d.day > 31) {
			t.Fatalf("findDate(%q) = %v", s, d)
		}
		if got := DateAnswer(q, s); got != "" && len(got) != len(reDateLayout.FindString(q)) {
			t.Fatalf("dateAnswer(%q, %q) = %q", q, s, got)
		}
	})
}

func TestDateWeighed(t *testing.T) {
	tests := []struct {
		q     string
		dated []string // the terms halved
	}{
		{"Which segment will be a discontinued operation from August 30, 2023 onward?", []string{"august", "30", "2023"}},
		{"Who held the shares as of 31st March, 2007?", []string{"31st", "march", "2007"}},
		{"What was revenue in 2023?", nil}, // a year alone is what a figure is of
		{"How many units were sold in May?", nil},
	}
	for _, tt := range tests {
		w := map[string]float64{}
		total := 0.0
		for _, term := range textterms.Of(tt.q) {
			w[term] = 1
		}
		for range w {
			total++
		}
		got, gotTotal := DateWeighed(inquiry.Parse(tt.q, nil, nil), w, total)
		halved := 0
		for _, d := range tt.dated {
			for _, term := range textterms.Of(d) {
				if got[term] != 0.5 {
					t.Errorf("dateWeighed(%q): %q weighs %v, want 0.5", tt.q, term, got[term])
				}
				halved++
			}
		}
		if want := total - 0.5*float64(halved); gotTotal != want {
			t.Errorf("dateWeighed(%q) total = %v, want %v", tt.q, gotTotal, want)
		}
	}
}
