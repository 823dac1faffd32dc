package doc

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// kinds is each block of page as "kind mark|title|text".
func kinds(page string, bs []Block) []string {
	var out []string
	for _, b := range bs {
		s := b.Kind.String()
		if b.Mark != "" {
			s += " " + b.Mark
		}
		if b.Title != "" {
			s += " |" + b.Title
		}
		if b.Target != "" {
			s += " ->" + b.Target
		}
		s += " |" + strings.ReplaceAll(b.Text(page), "\n", "/")
		out = append(out, s)
	}
	return out
}

func TestPage(t *testing.T) {
	tests := []struct {
		name string
		page string
		want []string
	}{
		{"procedure with a note between steps",
			"2.4.7 Starting the Debugger\nIn order to debug, you must set up a session.\n1. Hold down the Control key.\n2. Select the Start button, and then choose\nPrograms.\nThe Session List appears if you have sessions.\nFigure 2-15: New Session Dialog Box\n3. Click OK.\n",
			[]string{
				"heading 2.4.7 |Starting the Debugger |2.4.7 Starting the Debugger",
				"paragraph |In order to debug, you must set up a session.",
				"item 1. |1. Hold down the Control key.",
				"item 2. |2. Select the Start button, and then choose/Programs./The Session List appears if you have sessions.",
				"caption Figure 2-15 |New Session Dialog Box |Figure 2-15: New Session Dialog Box",
				"item 3. |3. Click OK.",
			}},
		{"bullets after an announcing sentence",
			"The following topics are covered:\n• Security fundamentals\n• Current state of security\n",
			[]string{
				"paragraph |The following topics are covered:",
				"item • |• Security fundamentals",
				"item • |• Current state of security",
			}},
		{"a numbered section title is a heading, not a step",
			"2. System Architecture and Main Components\nThe system is divided into two zones:\n1. The compute zone runs jobs.\n2. The storage zone keeps data.\n",
			[]string{
				"heading 2. |System Architecture and Main Components |2. System Architecture and Main Components",
				"paragraph |The system is divided into two zones:",
				"item 1. |1. The compute zone runs jobs.",
				"item 2. |2. The storage zone keeps data.",
			}},
		{"contents with dot leaders",
			"TABLE OF CONTENTS\n1 INTRODUCTION ........ 1-1\n1.1 Purpose of This Manual ..... 1-2\n2.4.5 Install the USB Driver . . . . . 2-5\n",
			[]string{
				"heading |TABLE OF CONTENTS |TABLE OF CONTENTS",
				"entry 1 |INTRODUCTION ->1-1 |1 INTRODUCTION ........ 1-1",
				"entry 1.1 |Purpose of This Manual ->1-2 |1.1 Purpose of This Manual ..... 1-2",
				"entry 2.4.5 |Install the USB Driver ->2-5 |2.4.5 Install the USB Driver . . . . . 2-5",
			}},
		{"footnotes under the text, markers in it",
			"Studies from the Ponemon Institute 2 revealed that costs rose.\nReports come from the Identity Theft Center\n1\nwhich counts 5000 breaches.\n1 http://www.idtheftcenter.org\n2\nhttp://www.ponemon.org/\n",
			[]string{
				"paragraph |Studies from the Ponemon Institute 2 revealed that costs rose.",
				"paragraph |Reports come from the Identity Theft Center/1/which counts 5000 breaches.",
				"note 1 |1 http://www.idtheftcenter.org",
				"note 2 |2/http://www.ponemon.org/",
			}},
		{"numbered rows of a table are no notes",
			"Rank Name Score\n1 Alice Smith 93\n2 Bob Jones 88\n3 Carol White 85\n",
			[]string{
				"heading |Rank Name Score |Rank Name Score",
				"paragraph |1 Alice Smith 93/2 Bob Jones 88/3 Carol White 85",
			}},
		{"a sentence's first line is no heading",
			"This Chapter Describes How To Use The\nprogram editor of the calculator.\n",
			[]string{"paragraph |This Chapter Describes How To Use The/program editor of the calculator."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := kinds(tt.page, Blocks(tt.page, nil))
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Page (-want +got):\n%s", d)
			}
		})
	}
}

// TestRunningContentsHead: a "Table of Contents" link that heads every
// page of a filing makes no page a contents page, so a statement's rows
// that end in a number are no entries.
func TestRunningContentsHead(t *testing.T) {
	page := "Table of Contents\nNet sales 2018\nOperating income 2017\n"
	run := func(s string) bool { return s == "Table of Contents" }
	for _, b := range Blocks(page, run) {
		if b.Kind == Entry {
			t.Errorf("entry %q on a page headed by a running link", b.Text(page))
		}
	}
	if n := len(Blocks(page, nil)); n == 0 {
		t.Fatal("no blocks")
	}
	entries := 0
	for _, b := range Blocks(page, nil) {
		if b.Kind == Entry {
			entries++
		}
	}
	if entries != 2 {
		t.Errorf("a contents page read %d entries, want 2", entries)
	}
}

func TestRunner(t *testing.T) {
	pages := []string{
		"276 Chapter 17: Programming\nText of one.\nMore text.\nManual 2-4",
		"Chapter 17: Programming 277\nText of two.\nOther text.\nManual 2-5",
		"278 Chapter 17: Programming\nText of three.\nYet more.\nManual 2-6",
	}
	run := Runner(pages)
	for _, s := range []string{"Chapter 17: Programming 279", "Manual 3-1", "12", "iv"} {
		if !run(s) {
			t.Errorf("Runner: %q not running", s)
		}
	}
	for _, s := range []string{"Text of one.", "Chapter 18: Tables"} {
		if run(s) {
			t.Errorf("Runner: %q running", s)
		}
	}
}

// In a page's text without blank lines, an item's lines run on into
// the paragraph after it: a paragraph that ends announcing the next
// list starts a block of its own, and a list whose announcing sentence
// ran into the item above takes that sentence as its intro.
func TestListsIntro(t *testing.T) {
	page := "Presence Test\nYou meet this test if you were present for at least:\n1. 31 days during 2007, and\n2. 183 days during the period.\n" +
		"Generally, you are present on any day you are in the country. In general, do not count the\nfollowing as days of presence.\n" +
		"• Days you commute to work.\n• Days you are an exempt individual\n(defined below).\n" +
		"Exempt individual. For these\npurposes, an exempt individual is\ngenerally an individual who is a:\n" +
		"• Teacher or trainee,\n• Student, or\n• Professional athlete.\n"
	ls := Lists([]string{page}, [][]Block{Blocks(page, nil)})
	var got [][]string
	for _, l := range ls {
		intro := ""
		if l.Intro != nil {
			intro = page[l.Intro.Start:l.Intro.End]
		}
		row := []string{intro}
		for _, it := range l.Items {
			row = append(row, page[it.Start:it.End])
		}
		got = append(got, row)
	}
	want := [][]string{
		{"You meet this test if you were present for at least:", "1. 31 days during 2007, and", "2. 183 days during the period.\nGenerally, you are present on any day you are in the country. In general, do not count the\nfollowing as days of presence."},
		{"In general, do not count the\nfollowing as days of presence.", "• Days you commute to work.", "• Days you are an exempt individual\n(defined below)."},
		{"Exempt individual. For these\npurposes, an exempt individual is\ngenerally an individual who is a:", "• Teacher or trainee,", "• Student, or", "• Professional athlete."},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lists (-want +got):\n%s", diff)
	}
}

func TestListsOverPages(t *testing.T) {
	pages := []string{
		"Set-up the Board\nUse the following steps to connect the board:\n1. Remove the board from the package.\n2. Check the jumpers.\nManual\n2-4",
		"Power: LED11\nFigure 2-1: Hardware Setup\n3. Plug the power supply into P16.\n4. Connect the USB cable.\nInstall the Driver\nThe driver runs on Windows 98.\nManual\n2-5",
	}
	run := Runner(pages)
	var blocks [][]Block
	for _, p := range pages {
		blocks = append(blocks, Blocks(p, run))
	}
	ls := Lists(pages, blocks)
	if len(ls) != 1 {
		t.Fatalf("Lists: %d lists, want 1: %+v", len(ls), ls)
	}
	l := ls[0]
	if diff := cmp.Diff([]int{1, 2, 3, 4}, l.Nums); diff != "" {
		t.Errorf("Nums (-want +got):\n%s", diff)
	}
	if l.Heading != "Set-up the Board" || l.Intro == nil || pages[0][l.Intro.Start:l.Intro.End] != "Use the following steps to connect the board:" {
		t.Errorf("Heading %q, Intro %+v", l.Heading, l.Intro)
	}
	if got := pages[1][l.Items[2].Start:l.Items[2].End]; got != "3. Plug the power supply into P16." {
		t.Errorf("step 3 = %q", got)
	}
}

func TestMarkers(t *testing.T) {
	page := "Studies from the Ponemon Institute 2 revealed costs.1\nSee Table 1 and DB2 for i.\n1 A first note here.\n2 http://www.ponemon.org/\n"
	bs := Blocks(page, nil)
	var got []string
	for _, m := range Markers(page, bs) {
		got = append(got, bs[m.Note].Mark+"@"+page[m.At:m.At+1])
	}
	// "Table 1" counts, not marks; "DB2" is a word's end, read as a mark
	if d := cmp.Diff([]string{"1@1", "2@2", "2@2"}, got); d != "" {
		t.Errorf("Markers (-want +got):\n%s", d)
	}
}

func FuzzPage(f *testing.F) {
	f.Add("2.4.7 Starting\n1. Hold down.\n2. Select.\nFigure 2-15: Box\n3. Click OK.\n1 A note.\n")
	f.Add("TABLE OF CONTENTS\n1 INTRODUCTION ........ 1-1\n")
	f.Add("\x00\n\n1\n2\n*\n• \n(iv) x\nChapter")
	f.Fuzz(func(t *testing.T, page string) {
		run := Runner([]string{page, page})
		bs := Blocks(page, run)
		last := 0
		for _, b := range bs {
			if b.Start < last || b.End < b.Start || b.End > len(page) {
				t.Fatalf("block %+v out of order or of the page (len %d)", b, len(page))
			}
			last = b.End
		}
		for _, m := range Markers(page, bs) {
			if m.At < 0 || m.At >= len(page) || bs[m.Note].Kind != Note {
				t.Fatalf("marker %+v", m)
			}
		}
		parts, _ := Outline([][]Block{bs, bs})
		for _, p := range parts {
			if p.Page < 0 || p.Page > 2 || p.Level < 1 {
				t.Fatalf("outline part %+v", p)
			}
		}
		for _, l := range Lists([]string{page}, [][]Block{bs}) {
			for _, it := range l.Items {
				_ = page[it.Start:it.End]
			}
		}
	})
}

func TestAnnouncedList(t *testing.T) {
	page := "The five questions we ask\nWe always ask the following three questions of services.\nIs the service safe?\nThe service was not safe.\nInadequate –––\nIs the service effective?\nThe service was effective.\nIs the service caring?\nStaff were kind.\n"
	ls := Lists([]string{page}, [][]Block{Blocks(page, nil)})
	if len(ls) != 1 {
		t.Fatalf("Lists: %d, want 1", len(ls))
	}
	var got []string
	for _, it := range ls[0].Items {
		got = append(got, page[it.Start:it.End])
	}
	if d := cmp.Diff([]string{"Is the service safe?", "Is the service effective?", "Is the service caring?"}, got); d != "" {
		t.Errorf("items (-want +got):\n%s", d)
	}
	// a count the lines after it do not meet is no list
	short := "We ask the following four questions.\nIs it safe?\nIs it kind?\n"
	if ls := Lists([]string{short}, [][]Block{Blocks(short, nil)}); len(ls) != 0 {
		t.Errorf("Lists of a short announced list: %+v", ls)
	}
}

func TestNumberedTitle(t *testing.T) {
	for _, tt := range []struct {
		rest string
		want bool
	}{
		{"Switch on coffee machine", true},
		{"Starting VisualDSP++", true},
		{"Million units sold in 2019", false},
		{"The pump is primed.", false},
		{"of the board", false},
	} {
		if got := numberedTitle(tt.rest); got != tt.want {
			t.Errorf("numberedTitle(%q) = %v, want %v", tt.rest, got, tt.want)
		}
	}
}

// A label and its value is a field (issue 53's new kind); a sentence that
// runs on after a lead-in, a time, a caption, a heading are not.
func TestField(t *testing.T) {
	tests := []struct {
		line         string
		label, value string // "" for no field
	}{
		{"Weight: 2.3 kg", "Weight", "2.3 kg"},
		{"FY = Financial Year ending March 31", "FY", "Financial Year ending March 31"},
		{"Date of birth: 12 May 1980", "Date of birth", "12 May 1980"},
		{"Maximum Operating Temperature: 110 °C", "Maximum Operating Temperature", "110 °C"},
		{"CO2 emissions: 12 g/km", "CO2 emissions", "12 g/km"},
		{"Revenue increased as follows: products 3%, services 5%", "", ""},
		{"Note: the pump must be primed before it is started, or the seal will run dry and fail within minutes.", "", ""},
		{"The meeting starts at 10:30 in room 4.", "", ""},
		{"Table 3: Revenue by region", "", ""}, // a caption
		{"we also list: apples", "", ""},       // no capital
		{"Ingredients:", "", ""},               // the value below
		{"Steps to follow (see below): one", "", ""},
	}
	for _, tt := range tests {
		bs := Blocks(tt.line, nil)
		if len(bs) != 1 {
			t.Fatalf("%q: %d blocks", tt.line, len(bs))
		}
		b := bs[0]
		if tt.label == "" {
			if b.Kind == Field {
				t.Errorf("%q: a field %q, want none", tt.line, b.Title)
			}
			continue
		}
		if b.Kind != Field || b.Title != tt.label || b.Value(tt.line) != tt.value {
			t.Errorf("%q: %v %q = %q, want field %q = %q", tt.line, b.Kind, b.Title, b.Value(tt.line), tt.label, tt.value)
		}
	}
	// a spec sheet: each line a field, under its heading
	page := "Specifications\nWeight: 2.3 kg\nHeight: 40 cm\nPower = 230 V"
	var got []string
	for _, b := range Blocks(page, nil) {
		got = append(got, b.Kind.String()+" "+b.Title)
	}
	if want := []string{"heading Specifications", "field Weight", "field Height", "field Power"}; !cmp.Equal(got, want) {
		t.Errorf("spec sheet: %q, want %q", got, want)
	}
}
