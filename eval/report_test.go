package eval

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"docqa/answer"
)

// reportFixture is a run of n questions whose texts are long and
// unbroken, as real ones are: a URL in a quote, a long question, many
// context pages; right, wrong, refused and not answerable ones.
func reportFixture(n int) *Result {
	long := strings.Repeat("https://example.com/a/very/long/path/without/spaces/", 6)
	rr := 0.5
	var recs []Record
	for i := range n {
		a := &answer.Answer{Status: answer.StatusAnswered, Answer: "The answer quotes " + long, Explanation: "Read from the cited table row.", Reader: "figure",
			Citations: []answer.Citation{{Quote: long, Doc: "a-document-with-a-long-name-2023-annual-report.pdf", Page: 12, Verified: true}}}
		for p := range 12 {
			a.ContextPages = append(a.ContextPages, answer.PageRef{Doc: "a-document-with-a-long-name-2023-annual-report.pdf", Page: p + 1})
		}
		kind := []string{"look-up", "computed", "text", KindNotAnswerable}[i%4]
		recs = append(recs, Record{
			Question: Question{ID: "financebench_id_0" + strconv.Itoa(1000+i), Question: strings.Repeat("What was the capital expenditure in FY2018 by the cash flow statement? ", 4) + long,
				Answer: "$1577.00 " + long, Doc: "a-document-with-a-long-name-2023-annual-report.pdf", Pages: []int{12, 13}},
			Answer: a, Seconds: 0.05,
			Score: Score{Correct: i%3 == 0, Answered: i%3 != 2, Kind: kind, RR: &rr},
		})
	}
	res := &Result{File: "questions-with-a-long-file-name.jsonl", Engine: "extractive", Started: time.Unix(0, 0).UTC(), Records: recs}
	res.Totals = Summarise(recs)
	return res
}

// TestReportFitsScreen renders the HTML report of a run as long as the
// FinanceBench dev set's (55 questions) in headless Chromium at 1280x900
// and checks that nothing scrolls sideways (issue 22), that the page is
// under 7,000 pixels tall (a screen for every 10 questions or so; issue
// 39: it was 16,487), and that each outcome filter shows as many
// questions as its button says. It skips without Chromium; .ci/run
// installs it.
func TestReportFitsScreen(t *testing.T) {
	var browser string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skip("no Chromium (Debian: apt-get install chromium); .ci/run installs it")
	}
	var b bytes.Buffer
	if err := WriteHTML(&b, reportFixture(55)); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<div class="src ev">★ a-document-with-a-long-name-2023-annual-report.pdf p.12 · verified</div>`,
		`data-f="ref"`, `data-f="na"`, `<option>computed</option>`, "Accuracy by answer kind", "<dt>why</dt><dd>Read from the cited table row.</dd>"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	// The probe writes the page's size, then clicks each outcome filter
	// and writes "name shown/said" for each.
	probe := `<script>
var d = document.documentElement, out = [];
document.body.setAttribute("data-scroll-width", d.scrollWidth);
document.body.setAttribute("data-scroll-height", d.scrollHeight);
document.querySelectorAll(".filters button").forEach(function(b){
  b.click();
  var shown = Array.prototype.filter.call(document.getElementById("qs").tBodies, function(x){ return x.style.display !== "none"; }).length;
  out.push(b.dataset.f + " " + shown + "/" + b.textContent.match(/\((\d+)\)/)[1]);
});
document.body.setAttribute("data-filters", out.join(","));
</script></body>`
	page := strings.Replace(b.String(), "</body>", probe, 1)
	render := func(html string) string {
		t.Helper()
		dir := t.TempDir()
		file := filepath.Join(dir, "report.html")
		if err := os.WriteFile(file, []byte(html), 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
			"--window-size=1280,900", "--user-data-dir="+filepath.Join(dir, "profile"), "--dump-dom", "file://"+file)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", browser, err)
		}
		return string(out)
	}
	attr := func(dom, name string) string {
		t.Helper()
		m := regexp.MustCompile(name + `="([^"]*)"`).FindStringSubmatch(dom)
		if m == nil {
			t.Fatalf("no %s in Chromium's DOM:\n%.500s", name, dom)
		}
		return m[1]
	}
	number := func(dom, name string) int {
		n, _ := strconv.Atoi(attr(dom, name))
		return n
	}
	// The probe itself: a page 2000 pixels wide and 3000 tall reads as such.
	wide := render(`<html><body><div style="width:2000px;height:3000px">wide</div>` + probe + `</html>`)
	if got := number(wide, "data-scroll-width"); got < 2000 {
		t.Fatalf("the probe reads a 2000-pixel page as %d wide", got)
	}
	if got := number(wide, "data-scroll-height"); got < 3000 {
		t.Fatalf("the probe reads a 3000-pixel page as %d tall", got)
	}
	dom := render(page)
	if got := number(dom, "data-scroll-width"); got > 1280 {
		t.Errorf("the report is %d pixels wide in a 1280-pixel window", got)
	}
	if got := number(dom, "data-scroll-height"); got >= 7000 {
		t.Errorf("the report of 55 questions is %d pixels tall at 1280x900, want under 7,000", got)
	}
	filters := strings.Split(attr(dom, "data-filters"), ",")
	if len(filters) != 5 {
		t.Errorf("filters %q, want all, right, wrong, refused, not answerable", filters)
	}
	for _, f := range filters {
		name, counts, _ := strings.Cut(f, " ")
		shown, said, _ := strings.Cut(counts, "/")
		if shown != said || shown == "0" {
			t.Errorf("filter %s shows %s questions, its button says %s", name, shown, said)
		}
	}
}
