package units

import (
	"docqa/reader/internal/readertest"
	"strings"
	"testing"

	"docqa/internal/inquiry"
	"docqa/reader/base"
)

// manualPages are a board manual's pages ([readertest.ManualPages]).
var manualPages = readertest.ManualPages()

var structured = readertest.Structured

func TestUnitReaders(t *testing.T) {
	tests := []struct {
		reader   string
		question string
		want     string // "" for a decline
	}{
		{"procedure", "I just plugged the power supply into P16 and the green LED is on. What do I do now?", "Connect the USB cable to a free USB port and to P2."},
		{"procedure", "first thing to do when starting the debugger to set up a session?", "Hold down the Control (CTRL) key."},
		{"procedure", "How many steps does setting up the board hardware take?", "5"},
		{"procedure", "What comes before clicking on New Session in the debugger?", "Select the Start button."},
		{"procedure", "What is the first step to bake bread?", ""},
		// bulleted steps that each tell what to do, under a heading in
		// sentence case
		{"procedure", "What's the first thing I do to switch on the display unit?", "Slide the front cover upward"},
		{"procedure", "I slid the front cover of the display unit upward. What next?", "Press the power switch"},
		{"items", "what are the three memory zones of the board?", "The program zone holds code; The data zone holds variables; The boot zone holds the loader"},
		{"items", "what are the four memory zones of the board?", ""}, // the count is not the list's
		{"items", "what are the names of Unit 1 and Unit 2 of the board?", ""},
		// a plural without an s; a list written as one sentence, its
		// items' joining commas and "or" left out
		{"items", "Which people does the support desk answer calls from?", "Registered owner of the board; Reseller; Field engineer on a service contract"},
		{"note", "The Ponemon Institute study on breaches - what link does its footnote give?", "http://www.ponemon.org/"},
		{"note", "what link does the note on the weather give?", ""},
		{"note", "what does footnote 1 of the breaches page link to?", "http://www.idtheftcenter.org"},
	}
	for _, tt := range tests {
		q := inquiry.Parse(tt.question, nil, nil)
		var r base.Reading
		var ok bool
		switch tt.reader {
		case "procedure":
			place := askedPlace(q)
			if place == 0 {
				t.Fatalf("askedPlace(%q) = 0", tt.question)
			}
			r, ok = readProcedure(q, place, manualPages, base.DefaultParams())
		case "items":
			if askSeveral(q) && len(reNamedPart.FindAllString(q.Asked, 3)) < 2 {
				r, ok = readItems(q, manualPages, base.DefaultParams())
			}
		case "note":
			r, ok = readNote(q, manualPages, base.DefaultParams())
		}
		if ok != (tt.want != "") || r.Answer != tt.want {
			t.Errorf("%s %q = %q, %v; want %q", tt.reader, tt.question, r.Answer, ok, tt.want)
		}
		if ok && !quoted(r, manualPages) {
			t.Errorf("%s %q: quotes %+v not word for word from the pages", tt.reader, tt.question, r.Quotes)
		}
	}
}

// FuzzUnits reads any page with the unit readers: quotes must come from
// the page word for word, and nothing may panic.
func FuzzUnits(f *testing.F) {
	f.Add(manualPages[1].Text, "What do I do after plugging the power supply into P16?")
	f.Add(manualPages[3].Text, "what are the three memory zones? what link does its footnote give?")
	f.Add("1.\n2.\n1 x\n2", "how many steps? before step 2 next")
	f.Fuzz(func(t *testing.T, page, question string) {
		src := structured([]base.Source{{Doc: "f.pdf", Page: 1, Text: page}, {Doc: "f.pdf", Page: 2, Text: page}})
		q := inquiry.Parse(question, nil, nil)
		for _, place := range []stepPlace{placeCount, placeFirst, placeLast, placeBefore, placeNext} {
			if r, ok := readProcedure(q, place, src, base.DefaultParams()); ok && !quoted(r, src) {
				t.Fatalf("procedure quotes %+v not on the page", r.Quotes)
			}
		}
		if r, ok := readItems(q, src, base.DefaultParams()); ok && !quoted(r, src) {
			t.Fatalf("items quotes %+v not on the page", r.Quotes)
		}
		if r, ok := readNote(q, src, base.DefaultParams()); ok && !quoted(r, src) {
			t.Fatalf("note quotes %+v not on the page", r.Quotes)
		}
		if at, ok := Locate(page, question); ok && !strings.Contains(page, at) {
			t.Fatalf("Locate returned %q, not on the page", at)
		}
	})
}

func TestListCount(t *testing.T) {
	refs := structured([]base.Source{
		{Doc: "sp.pdf", Page: 20, Text: "SP 800-1 Security\nReferences\n[1] INTEL (2024) What Is a GPU?\n[2] Sheldon R (2024) InfiniBand.\nSP 800-1 Security\n20"},
		{Doc: "sp.pdf", Page: 21, Text: "SP 800-1 Security\n[3] LUSTRE (2024) Lustre file system.\n[4] IBM (2021) Introducing GPFS.\nSP 800-1 Security\n21"},
	})
	tests := []struct {
		question, want string
	}{
		{"how many references does SP 800-1 list?", "4"},
		{"how many appendices does SP 800-1 have?", ""}, // no list of those
	}
	for _, tt := range tests {
		q := inquiry.Parse(tt.question, nil, nil)
		read, why := TakeListCount(q, base.DefaultParams())
		if read == nil {
			t.Fatalf("takeListCount(%q, DefaultParams()): %s", tt.question, why)
		}
		r, ok := read(refs)
		if ok != (tt.want != "") || r.Answer != tt.want {
			t.Errorf("list-count %q = %q, %v; want %q", tt.question, r.Answer, ok, tt.want)
		}
		if ok && !quoted(r, refs) {
			t.Errorf("quotes %+v not word for word", r.Quotes)
		}
	}
}

// A yes-or-no question that names an order ("Did Steamboat Bill come
// out before Steamboat Willie?") asks no step of a procedure.
func TestProcedureTakesNoYesNo(t *testing.T) {
	for _, q := range []string{"Did Steamboat Bill, Jr. come out before Steamboat Willie?", "Is the USB cable connected after the power supply?"} {
		if read, _ := TakeProcedure(inquiry.Parse(q, nil, nil), base.DefaultParams()); read != nil {
			t.Errorf("the procedure reader took %q", q)
		}
	}
	if read, _ := TakeProcedure(inquiry.Parse("What comes before clicking on New Session?", nil, nil), base.DefaultParams()); read == nil {
		t.Error("the procedure reader did not take a question about the step before")
	}
}
