package reader

import (
	"docqa/reader/base"
	"docqa/reader/prose"
	"testing"
)

func TestByline(t *testing.T) {
	tests := []struct{ name, page, want string }{
		{"marked names over lines", "Trace-based Just-in-Time Type Specialization for Dynamic\nLanguages\nAndreas Gal∗+, Brendan Eich∗, Mike Shaver∗,\nMohammad R. Haghighat$, Blake Kaplan∗\nMozilla Corporation∗\nAbstract", "Andreas Gal∗+, Brendan Eich∗, Mike Shaver∗,\nMohammad R. Haghighat$, Blake Kaplan∗"},
		{"plain names", "Preemptive Information Extraction using Unrestricted Relation Discovery\nYusuke Shinyama Satoshi Sekine\nNew York University", "Yusuke Shinyama Satoshi Sekine"},
		{"marks on lines of their own", "Trace-based Just-in-Time Type Specialization for Dynamic\nLanguages\nAndreas Gal\n∗+\n, Brendan Eich\n∗\n,\nMohammad R. Haghighat$\n, Michael Franz+\nMozilla Corporation\n∗\nAbstract", "Andreas Gal\n∗+\n, Brendan Eich\n∗\n,\nMohammad R. Haghighat$\n, Michael Franz+"},
		{"title in capitals runs on", "Overview of the Technology Acceptance Model: Origins,\nDevelopments and Future Directions\nMohammad Chuttur\nIndiana University, USA", "Mohammad Chuttur"},
		{"a title's last line is no name", "Towards Verifiable Generation: A Benchmark for Knowledge-aware\nLanguage Model Attribution\nXinze Li1 , Yixin Cao2† , Liangming Pan3\n1 Nanyang Technological University", "Xinze Li1 , Yixin Cao2† , Liangming Pan3"},
		{"a first name ends the line before", "Retrieval-Augmented Generation for Large\nLanguage Models: A Survey\nYunfan Gaoa\n, Yun Xiongb , Xinyu Gaob\nAbstract", "Yunfan Gaoa\n, Yun Xiongb , Xinyu Gaob"},
		{"no byline", "THE DIGITAL MILLENNIUM COPYRIGHT ACT OF 1998\nU.S. Copyright Office Summary\nDecember 1998\nINTRODUCTION", ""},
		{"prose", "The oil temperature must not exceed 110 degrees.\nChange the oil every 400 hours.", ""},
	}
	for _, tt := range tests {
		if got := prose.Byline(tt.page, base.DefaultParams()); got != tt.want {
			t.Errorf("%s: Byline = %q, want %q", tt.name, got, tt.want)
		}
	}
	// Read quotes it from the first page, and refuses without one.
	sources := []base.Source{{Doc: "p.pdf", Page: 3, Text: "The authors thank the reviewers."}, {Doc: "p.pdf", Page: 1, Text: tests[1].page}}
	if r := readText("Who are the authors of this paper?", nil, sources); r.Answer != "Yusuke Shinyama Satoshi Sekine" || !quoted(r, sources) {
		t.Errorf("answer %q, quotes %+v; want the byline", r.Answer, r.Quotes)
	}
	if r := readText("Who are the authors of this paper?", nil, sources[:1]); r.Found() {
		t.Errorf("no first page: answered %q", r.Answer)
	}
}

func TestReadBylineCountAndAffiliations(t *testing.T) {
	page := "Trace-based Just-in-Time Type Specialization\nAndreas Gal∗+ , Brendan Eich∗ , Mohammad R. Haghighat$ ,\nMichael Bebenita+ and Mason Chang+#\nMozilla Corporation∗\n{gal,brendan}@mozilla.com\nIntel Corporation$\nUniversity of California, Irvine+\nAbstract\nDynamic languages are hard to compile at the University."
	sources := []base.Source{{Doc: "t.pdf", Page: 1, Text: page}}
	if r := readText("How many authors does the paper have?", nil, sources); r.Answer != "5" || !quoted(r, sources) {
		t.Errorf("count: answer %q, quotes %+v; want 5 and the byline", r.Answer, r.Quotes)
	}
	if r := readText("Which companies did the authors work for?", nil, sources); r.Answer != "Mozilla Corporation; Intel Corporation; University of California, Irvine" || len(r.Quotes) != 3 || !quoted(r, sources) {
		t.Errorf("affiliations: answer %q, quotes %+v", r.Answer, r.Quotes)
	}
	plain := []base.Source{{Doc: "n.pdf", Page: 1, Text: "Preemptive Information Extraction using Unrestricted Relation Discovery\nYusuke Shinyama Satoshi Sekine\nNew York University"}}
	if r := readText("How many authors are there?", nil, plain); r.Found() {
		t.Errorf("names not told apart, yet counted: %q", r.Answer)
	}
}
