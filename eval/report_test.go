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

// reportFixture is a run whose texts are long and unbroken, as real ones
// are: a URL in a quote, a long question, many context pages.
func reportFixture() *Result {
	long := strings.Repeat("https://example.com/a/very/long/path/without/spaces/", 6)
	rr := 0.5
	var recs []Record
	for i := range 30 {
		a := &answer.Answer{Status: answer.StatusAnswered, Answer: "The answer quotes " + long,
			Citations: []answer.Citation{{Quote: long, Doc: "a-document-with-a-long-name-2023-annual-report.pdf", Page: 12, Verified: true}}}
		for p := range 12 {
			a.ContextPages = append(a.ContextPages, answer.PageRef{Doc: "a-document-with-a-long-name-2023-annual-report.pdf", Page: p + 1})
		}
		recs = append(recs, Record{
			Question: Question{ID: "financebench_id_0" + strconv.Itoa(1000+i), Question: strings.Repeat("What was the capital expenditure in FY2018 by the cash flow statement? ", 4) + long,
				Answer: "$1577.00 " + long, Doc: "a-document-with-a-long-name-2023-annual-report.pdf", Pages: []int{12, 13}},
			Answer: a, Seconds: 0.05,
			Score: Score{Correct: i%3 == 0, Answered: i%3 != 2, Kind: []string{"look-up", "computed", "text"}[i%3], RR: &rr},
		})
	}
	res := &Result{File: "questions-with-a-long-file-name.jsonl", Engine: "extractive", Started: time.Unix(0, 0).UTC(), Records: recs}
	res.Totals = Summarise(recs)
	return res
}

// TestReportFitsScreen renders the HTML report in headless Chromium at
// 1280 pixels and checks that nothing scrolls sideways (issue 22). It
// skips without Chromium; .ci/run installs it.
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
	if err := WriteHTML(&b, reportFixture()); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`class="ev">★ a-document-with-a-long-name-2023-annual-report.pdf p.12`, `data-f="ref"`, `<option>computed</option>`, "Accuracy by answer kind"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	probe := `<script>document.body.setAttribute("data-scroll-width", document.documentElement.scrollWidth)</script></body>`
	page := strings.Replace(b.String(), "</body>", probe, 1)
	width := func(html string) int {
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
		m := regexp.MustCompile(`data-scroll-width="(\d+)"`).FindSubmatch(out)
		if m == nil {
			t.Fatalf("no width in Chromium's DOM:\n%.500s", out)
		}
		n, _ := strconv.Atoi(string(m[1]))
		return n
	}
	// The probe itself: a page 2000 pixels wide reads as such.
	if got := width(`<html><body><div style="width:2000px">wide</div>` + probe + `</html>`); got < 2000 {
		t.Fatalf("the probe reads a 2000-pixel page as %d wide", got)
	}
	if got := width(page); got > 1280 {
		t.Errorf("the report is %d pixels wide in a 1280-pixel window", got)
	}
}
