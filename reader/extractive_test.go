package reader

import (
	"docqa/reader/base"
	"docqa/reader/internal/readertest"
	"docqa/reader/prose"
	"docqa/reader/sentences"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExtractiveYears: a sentence answers a question that names a year
// only from a page that mentions that year.
func TestExtractiveYears(t *testing.T) {
	sources := []base.Source{
		{Doc: "g.pdf", Page: 2, Text: "Guide to school health. Revised May 2016. Produced by: Florida Department of Health."},
		{Doc: "g.pdf", Page: 9, Text: "In 2018 the department held 40 workshops for school nurses."},
	}
	tests := []extractCase{
		{"Who produced the guide that was revised in May 2016?", true, "Revised May 2016. Produced by: Florida Department of Health."},
		{"Who produced the guide that was revised in May 2018?", false, ""},
		{"How many workshops did the department hold in 2018?", true, "In 2018 the department held 40 workshops for school nurses."},
	}
	checkExtractive(t, sources, tests)
}

// TestExtractiveNoQuestions: a question the document asks is never the
// answer, however well it matches; the sentence that answers it is.
func TestExtractiveNoQuestions(t *testing.T) {
	sources := []base.Source{
		{Doc: "f.pdf", Page: 14, Text: "b. Has the risk management plan been significantly changed since last year's submission to OMB? Section C lists the contacts and budget lines for the program office."},
		{Doc: "f.pdf", Page: 15, Text: "c. Was the security plan reviewed by the agency's auditors this year? Yes"},
	}
	tests := []extractCase{
		{"Describe the significant changes of the risk management plan since last year.", false, ""},
		{"Was the security plan reviewed by the auditors?", true, "c. Was the security plan reviewed by the agency's auditors this year? Yes"},
	}
	checkExtractive(t, sources, tests)
}

// TestExtractiveLists: a sentence that announces a list is quoted with
// the list that follows it on its page.
func TestExtractiveLists(t *testing.T) {
	sources := []base.Source{
		{Doc: "k.pdf", Page: 3, Text: "Before the first flight, check the following items. Oil level. Tyre pressure. Fuel contamination.\n\nThe hangar closes at 8 pm every day of the week."},
		{Doc: "k.pdf", Page: 4, Text: "The tool kit contains:\nA torque wrench.\nTwo screwdrivers."},
	}
	checkExtractive(t, sources, []extractCase{
		{"Which items should be checked before the first flight?", true, "Before the first flight, check the following items. Oil level. Tyre pressure. Fuel contamination."},
		{"What does the tool kit contain?", true, "The tool kit contains: A torque wrench. Two screwdrivers."},
	})
}

// extractCase is a question, whether the reader should answer it, and
// its first quote ("" for none).
type extractCase struct {
	question string
	found    bool
	quote    string
}

func checkExtractive(t *testing.T, sources []base.Source, tests []extractCase) {
	t.Helper()
	for _, tt := range tests {
		r := readText(tt.question, nil, sources)
		quote := ""
		if len(r.Quotes) > 0 {
			quote = r.Quotes[0].Text
		}
		if r.Found() != tt.found || quote != tt.quote {
			t.Errorf("readText(%q) = %v %q, want %v %q", tt.question, r.Found(), quote, tt.found, tt.quote)
		}
		if r.Found() && !quoted(r, sources) {
			t.Errorf("readText(%q): quotes %+v are not word for word from their pages", tt.question, r.Quotes)
		}
	}
}

var quoted = readertest.Quoted

// TestPageTurn: a sentence that runs over a page turn is quoted on both
// pages, one citation each, and its answer read from the whole of it.
func TestPageTurn(t *testing.T) {
	sources := []base.Source{
		{Doc: "h.pdf", Page: 4, Text: "3. Operating Limits\nPropeller speed must not exceed 2,200 rpm. During climb and cruise the maximum oil temperature is"},
		{Doc: "h.pdf", Page: 5, Text: "110 degrees Celsius in all phases of flight. Oil pressure must stay between 85 and 105 psi."},
		{Doc: "h.pdf", Page: 9, Text: "The maximum oil temperature of the old engine was"}, // no page 10: nothing to read on
	}
	r := readText("How many degrees is the maximum oil temperature during climb?", nil, sources)
	want := []base.Quote{
		{Text: "During climb and cruise the maximum oil temperature is", Doc: "h.pdf", Page: 4},
		{Text: "110 degrees Celsius in all phases of flight.", Doc: "h.pdf", Page: 5},
	}
	if !cmp.Equal(r.Quotes, want) || !strings.HasPrefix(r.Answer, "110 degrees") {
		t.Errorf("answer %q, quotes %+v; want 110 degrees quoted over the page turn", r.Answer, r.Quotes)
	}
	if !quoted(r, sources) {
		t.Errorf("quotes %+v not word for word from their pages", r.Quotes)
	}
	// A page that ends its sentence, or a next page that starts its own,
	// is quoted alone.
	ended := []base.Source{sources[0], {Doc: "h.pdf", Page: 5, Text: "Oil pressure must stay between 85 and 105 psi."}}
	if r := readText("What is the maximum oil temperature during climb and cruise?", nil, ended); len(r.Quotes) > 1 {
		t.Errorf("quotes %+v: the next page starts its own sentence", r.Quotes)
	}
}

// A question in Japanese shares terms with its answer (pairs of
// characters, particles dropped), and a page that ends with "。" ends its
// sentence: the next page's first words are not read on with it.
func TestJapanese(t *testing.T) {
	sources := []base.Source{
		{Doc: "s.pdf", Page: 2, Text: "研究の背景\n固有表現抽出は文章中の固有表現をタグ付けする。"},
		{Doc: "s.pdf", Page: 3, Text: "コーパスを使う\n新聞記事を多く含んでいる。"},
	}
	vertical := []base.Source{{Doc: "k.pdf", Page: 1, Text: "第\n二\n条\n歩\n行\n者\nは\n、\n進\n行\nす\nる\nこ\nと\nが\nで\nき\nる\n。"}}
	if r := readText("歩行者は何ができますか？", nil, vertical); r.Answer != "第二条歩行者は、進行することができる。" || !quoted(r, vertical) {
		t.Errorf("set vertically: answer %q, quotes %+v; want the sentence, unspaced", r.Answer, r.Quotes)
	}
	r := readText("固有表現抽出とは何ですか？", nil, sources)
	if len(r.Quotes) != 1 || !strings.HasSuffix(r.Quotes[0].Text, "固有表現抽出は文章中の固有表現をタグ付けする。") || !quoted(r, sources) {
		t.Errorf("answer %q, quotes %+v; want the sentence of p. 2 alone", r.Answer, r.Quotes)
	}
}

// A page number alone on the top or bottom line of a page is no part of
// the sentence that runs over the page turn.
func TestPageTurnFolio(t *testing.T) {
	sources := []base.Source{
		{Doc: "h.pdf", Page: 4, Text: "3. Operating Limits\nPropeller speed must not exceed 2,200 rpm. During climb and cruise the maximum oil temperature is\n4"},
		{Doc: "h.pdf", Page: 5, Text: "5\n110 degrees Celsius in all phases of flight. Oil pressure must stay between 85 and 105 psi."},
	}
	r := readText("How many degrees is the maximum oil temperature during climb?", nil, sources)
	want := []base.Quote{
		{Text: "During climb and cruise the maximum oil temperature is", Doc: "h.pdf", Page: 4},
		{Text: "110 degrees Celsius in all phases of flight.", Doc: "h.pdf", Page: 5},
	}
	if !cmp.Equal(r.Quotes, want) {
		t.Errorf("quotes %+v; want the sentence over the page turn without its page numbers", r.Quotes)
	}
	if !quoted(r, sources) {
		t.Errorf("quotes %+v not word for word from their pages", r.Quotes)
	}
}

// A sentence whose start the sources lack (its page opens with its tail,
// and the page before is not among them, or only a window of it) is not
// quoted: it would drop its subject. An item of a lettered list opens in
// small letters and is whole.
func TestFragment(t *testing.T) {
	tail := []base.Source{
		{Doc: "s.pdf", Page: 10, Text: "10\nintroduces an innovative method for integrating knowledge into white-box models via directive fine-tuning. In this approach the retriever is replaced."},
		{Doc: "s.pdf", Page: 4, Text: "Directive fine-tuning adapts white-box models to new knowledge, as PKG shows."},
	}
	r := readText("Which method integrates knowledge into white-box models via directive fine-tuning?", nil, tail)
	if strings.HasPrefix(r.Answer, "introduces") {
		t.Errorf("answer %q: the tail of a sentence begun on a page not read", r.Answer)
	}
	whole := append([]base.Source{{Doc: "s.pdf", Page: 9, Text: "Furthermore, PKG"}}, tail[0])
	r = readText("Which method integrates knowledge into white-box models via directive fine-tuning?", nil, whole)
	if !strings.HasPrefix(r.Answer, "Furthermore, PKG introduces") {
		t.Errorf("answer %q: want the sentence from its start on the page before", r.Answer)
	}
}

// A filing's certification matches any question about the filing and
// answers none, unless it asks about the certification.
func TestCertification(t *testing.T) {
	sources := []base.Source{{Doc: "q.pdf", Page: 49, Text: "CERTIFICATIONS\nI, Andrew R. Jassy, certify that: 1. I have reviewed this Form 10-Q of Amazon.com, Inc.; 2. Based on my knowledge, this report does not contain any untrue statement of a material fact necessary to make the financial statements not misleading."}}
	if a := readText("In the latest 10-Q, how did foreign exchange rates affect Amazon's financial statements?", nil, sources); a.Found() {
		t.Errorf("certification answered %q", a.Answer)
	}
	if a := readText("Who certified the Form 10-Q of Amazon.com?", nil, sources); !a.Found() {
		t.Errorf("a question about the certification refused (%s)", a.Explanation)
	}
}

// A heading names what follows it: it answers a question for a title or
// a topic, and no other.
func TestHeadingAnswers(t *testing.T) {
	page := "Course outline\nUNIT 14: Using Financial Information and Accounting\nStudents read a balance sheet.\nTable 3. Hamilton County Population by City, 1890-2000\n1890 1,862 195\n"
	for _, tt := range []struct {
		start, end string
		want       bool
	}{
		{"UNIT 14", "Accounting", true},
		{"Hamilton", "1890-2000", true}, // after its table's label
		{"Students", "sheet.", false},
	} {
		start := strings.Index(page, tt.start)
		end := strings.Index(page, tt.end) + len(tt.end)
		if got := prose.Heading(page, start, end, base.DefaultParams()); got != tt.want {
			t.Errorf("heading(%q, DefaultParams()) = %v, want %v", page[start:end], got, tt.want)
		}
	}
	sources := []base.Source{{Doc: "c.pdf", Page: 17, Text: page}}
	if a := readText("For the county's largest city, what's the population there in 2000?", nil, sources); a.Found() {
		t.Errorf("a table's title answered %q", a.Answer)
	}
	if a := readText("What's the topic of UNIT 14?", nil, sources); !strings.Contains(a.Answer, "Using Financial Information") {
		t.Errorf("topic: answer %q (%s), want the heading", a.Answer, a.Explanation)
	}
}

// A question that asks for an analysis across the document is not
// answered by a quote.
func TestAnalysisQuestions(t *testing.T) {
	for q, want := range map[string]bool{
		"From Intel's Q3 2023 10-Q, how do the operational expenses details relate to the insights in the segment reporting?": true,
		"What insights into inventory management could be gleaned from Intel's Q3 2022 inventory levels?":                     true,
		"What do the inventory levels suggest about product demand?":                                                          true,
		"In Amazon's Q3 2023 10-Q, how do the changes in inventory levels reflect the supply chain management strategies?":    true,
		"What were Intel's inventories at the end of Q3 2022?":                                                                false,
		"Which case is related to the statement that PIC never determined the defense?":                                       false,
	} {
		if got := sentences.ReAnalysisQ.MatchString(q); got != want {
			t.Errorf("reAnalysisQ(%q) = %v, want %v", q, got, want)
		}
	}
	sources := []base.Source{{Doc: "q.pdf", Page: 12, Text: "Inventories rose to $12.8 billion as we built finished products for future demand."}}
	if a := readText("What insights into inventory management could be gleaned from the inventory levels?", nil, sources); a.Found() {
		t.Errorf("analysis answered with %q", a.Answer)
	}
}

// A sentence that points to where the answer is told answers nothing,
// unless the question asks where it is told.
func TestPointer(t *testing.T) {
	sources := []base.Source{{Doc: "r.pdf", Page: 12, Text: "The main downstream tasks of RAG and their corresponding datasets are summarized in Table II. Retrieval quality matters most."}}
	if a := readText("According to table II, which are the datasets that have exactly three methods?", nil, sources); a.Found() {
		t.Errorf("pointer answered %q", a.Answer)
	}
	if a := readText("Which table summarizes the downstream tasks of RAG and their datasets?", nil, sources); !strings.Contains(a.Answer, "Table II") {
		t.Errorf("where: answer %q (%s), want the pointer", a.Answer, a.Explanation)
	}
	// a sentence that announces a table, which runs on into it
	follows := []base.Source{{Doc: "a.pdf", Page: 14, Text: "Provision for income taxes, effective tax rate and statutory federal income tax rate for the three-month periods were as follows (dollars in millions): Three Months Ended July 1, 2023"}}
	if a := readText("What was the statutory federal income tax rate for the three-month periods?", nil, follows); a.Found() {
		t.Errorf("announcement answered %q", a.Answer)
	}
	presents := []base.Source{{Doc: "j.pdf", Page: 38, Text: "The following table presents reconciliations of total stockholders’ equity to Basel III CET1 capital as of March 31, 2021. The following is a reconciliation of free cash flow to the most comparable GAAP cash flow measure."}}
	for _, q := range []string{
		"What were the reconciliations of total stockholders’ equity to Basel III CET1 capital as of March 31, 2021?",
		"What is the reconciliation of free cash flow to the most comparable GAAP cash flow measure?",
	} {
		if a := readText(q, nil, presents); a.Found() {
			t.Errorf("announcement answered %q", a.Answer)
		}
	}
}

func TestIndexPage(t *testing.T) {
	index := "peer-to-peer file sharing (cont.)\nfour types of, 68–69, 296–97\ninfringement protections in, 73–74,\n181–82\nparticipation levels of, 67, 313n\npiracy vs., 66–79\nreform proposals of copyright restraints\non, 296–304\nregulatory balance lost in, 125, 206–7\nshoplifting vs., 179–80\ntotal legalization of, 180\npermission culture:\nfree culture vs., xiv, 8, 173\n"
	signatures := strings.Repeat("/s/ M. A. Hewson Director February 16, 2023\nM. A. Hewson\n", 6)
	prose := strings.Repeat("The court held that Sony would be liable for the infringement.\n", 8) + strings.Repeat("12\n", 8)
	for name, tt := range map[string]struct {
		text string
		want bool
	}{
		"index":             {index, true},
		"signatures":        {signatures, false},
		"prose, numbered":   {prose, false},
		"too short to tell": {"piracy vs., 66–79\nfour types of, 68–69\n", false},
	} {
		if got := sentences.IndexPage(tt.text, base.DefaultParams()); got != tt.want {
			t.Errorf("%s: indexPage = %v, want %v", name, got, tt.want)
		}
	}
	// Its lines answer nothing: the prose page does.
	sources := []base.Source{{Doc: "b.pdf", Page: 348, Text: index}, {Doc: "b.pdf", Page: 202, Text: "A permission culture means a lawyer's culture, in which creating requires a call to your lawyer."}}
	if r := readText("What is a permission culture?", nil, sources); len(r.Quotes) == 0 || r.Quotes[0].Page != 202 {
		t.Errorf("answer %q from %+v; want the sentence of p. 202", r.Answer, r.Quotes)
	}
}

// A question for the year of a thing it names is answered by the one
// year of a sentence that names it, however far from its words; a
// question that names nothing is not.
func TestYearOfNamed(t *testing.T) {
	src := []base.Source{{Doc: "book.pdf", Page: 36, Text: "That genius was Buster Keaton. Keaton was born into a vaudeville family in 1895. In the era of silent film, he had mastered physical comedy."}}
	if a := readText("what year was Buster Keaton born?", nil, src); a.Answer != "1895" {
		t.Errorf("answer %q (%s), want 1895", a.Answer, a.Explanation)
	}
	other := []base.Source{{Doc: "r.pdf", Page: 2, Text: "The report was printed by the agency in 2007 for every member of the board."}}
	if a := readText("What year is the report for?", nil, other); a.Found() {
		t.Errorf("answered %q (%s) from a sentence that names nothing the question does", a.Answer, a.Explanation)
	}
}
