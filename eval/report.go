package eval

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
)

// row is one line of the metrics table.
type row struct{ Name, Value string }

func pct(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) }

func optPct(f *float64) string {
	if f == nil {
		return "n/a"
	}
	return pct(*f)
}

func optNum(f *float64) string {
	if f == nil {
		return "n/a"
	}
	return fmt.Sprintf("%.3f", *f)
}

func rows(res *Result) []row {
	t := res.Totals
	var status []string
	for _, k := range sortedKeys(t.Status) {
		status = append(status, fmt.Sprintf("%s %d", k, t.Status[k]))
	}
	pages := fmt.Sprintf("%d questions with evidence pages", t.PageQuestions)
	if t.PageQuestions == 0 {
		pages = "n/a (no question names evidence pages)"
	}
	r := []row{
		{"questions", fmt.Sprintf("%d (%s)", t.Questions, strings.Join(status, ", "))},
		{"engine", strings.TrimSpace(res.Engine + " " + res.Model)},
		{"search", searchLabel(res)},
		{"accuracy (correct / all)", fmt.Sprintf("%s (%d/%d)", pct(t.Accuracy), t.Correct, t.Questions)},
		{"precision (correct / answered)", fmt.Sprintf("%s of %d answered", pct(t.Precision), t.Answered)},
		{"refusal rate", pct(t.RefusalRate)},
		{"not answerable: refused", fmt.Sprintf("%d/%d", t.NotAnswerableRefused, t.NotAnswerable)},
		{"answerable: exact / contains", fmt.Sprintf("%d / %d of %d", t.Exact, t.Contains, t.Answerable)},
		{"answered: gold numbers matched", fmt.Sprintf("%d/%d", t.NumbersOK, t.NumberQs)},
		{"answerable: mean token F1", fmt.Sprintf("%.3f", t.MeanTokenF1)},
		{"accuracy by kind", byKind(t.ByKind)},
		{"by reader: right / answered / took", byReader(t.ByReader)},
		{"answerable: answer in context", fmt.Sprintf("%s (%d/%d)", pct(ratio(t.InContext, t.Answerable)), t.InContext, t.Answerable)},
		{"answer in context by kind", inContextByKind(t.ByKind)},
		{"evidence pages", pages},
		{"page hit@1", optPct(t.Hit1)},
		{"page hit@5", optPct(t.Hit5)},
		{"page MRR", optNum(t.MRR)},
		{"multiple choice accuracy", optPct(t.OptionAccuracy)},
		{"citations verified", fmt.Sprintf("%s (%d/%d)", optPct(t.VerifiedShare), t.Verified, t.Citations)},
	}
	for _, k := range []string{"search", "generate", "total", "question"} {
		if p, ok := t.LatencyMS[k]; ok {
			r = append(r, row{"latency " + k + " p50 / p95", fmt.Sprintf("%.1f / %.1f ms", p.P50, p.P95)})
		}
	}
	r = append(r,
		row{"mean context chars", fmt.Sprintf("%.0f", t.MeanContextChars)},
		row{"wall time", fmt.Sprintf("%.1f s", res.Seconds)},
	)
	if res.Interrupted {
		r = append(r, row{"interrupted", "yes: run again with --resume to finish"})
	}
	return r
}

// byKind writes the accuracy of each answer kind: "look-up 3/10,
// computed 0/12".
func byKind(m map[string]KindTotals) string {
	var parts []string
	for _, k := range []string{KindLookup, KindComputed, KindText, KindNotAnswerable} {
		if v, ok := m[k]; ok {
			parts = append(parts, fmt.Sprintf("%s %d/%d", k, v.Correct, v.Questions))
		}
	}
	if len(parts) == 0 {
		return "n/a"
	}
	return strings.Join(parts, ", ")
}

// inContextByKind writes, for each answerable kind, how many questions
// had their gold answer in the context: "look-up 8/10, text 3/4".
func inContextByKind(m map[string]KindTotals) string {
	var parts []string
	for _, k := range []string{KindLookup, KindComputed, KindText} {
		if v, ok := m[k]; ok {
			parts = append(parts, fmt.Sprintf("%s %d/%d", k, v.InContext, v.Questions))
		}
	}
	if len(parts) == 0 {
		return "n/a"
	}
	return strings.Join(parts, ", ")
}

// byReader writes what each reader did, those that took the most
// questions first: "sentence 30/57/221, figure 17/19/19".
func byReader(m map[string]ReaderTotals) string {
	names := sortedKeys(m)
	sort.SliceStable(names, func(i, j int) bool { return m[names[i]].Took > m[names[j]].Took })
	var parts []string
	for _, n := range names {
		v := m[n]
		parts = append(parts, fmt.Sprintf("%s %d/%d/%d", n, v.Right, v.Answered, v.Took))
	}
	if len(parts) == 0 {
		return "n/a"
	}
	return strings.Join(parts, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// WriteTable prints the metrics as an aligned two-column table.
func WriteTable(w io.Writer, res *Result) error {
	rs := rows(res)
	width := 0
	for _, r := range rs {
		width = max(width, len(r.Name))
	}
	var b strings.Builder
	for _, r := range rs {
		fmt.Fprintf(&b, "%-*s  %s\n", width, r.Name, r.Value)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteMarkdown prints the metrics as a Markdown table.
func WriteMarkdown(w io.Writer, res *Result) error {
	var b strings.Builder
	b.WriteString("| metric | value |\n|---|---|\n")
	for _, r := range rows(res) {
		fmt.Fprintf(&b, "| %s | %s |\n", r.Name, strings.ReplaceAll(r.Value, "|", `\|`))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

//go:embed report.html.tmpl
var reportHTML string

// reportTmpl is the report's template, parsed when a report is first
// written: parsed at start it cost every docqa process 0.16 ms, a
// question too (GODEBUG=inittrace=1).
var reportTmpl = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Parse(reportHTML))
})

// bar is one column of the latency histogram.
type bar struct {
	Label    string
	Count    int
	X, H, Y  float64
	TextY    float64
	LabelPos float64
}

// WriteHTML writes a self-contained HTML report that fits a 1280-pixel
// window: the totals, accuracy by answer kind, a histogram of total
// latency, and a compact table of every question (a line or two each:
// id, outcome, question, answer and gold clipped, whether a citation is
// on an evidence page), filtered by outcome (right, wrong, refused, not
// answerable: each question in one) and kind, sorted by any column. A
// click on a question opens what it took to judge it: the whole texts,
// the quotes with their document and page and whether each verified,
// the explanation (why refused, how computed), the reader and check,
// and the context pages.
func WriteHTML(w io.Writer, res *Result) error {
	var qs []reportRow
	var lat []float64
	counts := map[string]int{}
	for _, r := range res.Records {
		q := newReportRow(r)
		counts[q.Class]++
		if r.Answer != nil {
			lat = append(lat, r.Seconds*1000)
		}
		qs = append(qs, q)
	}
	kinds, names := kindBars(res.Totals.ByKind)
	return reportTmpl().Execute(w, map[string]any{
		"Res":         res,
		"Rows":        rows(res),
		"Bars":        histogram(lat, 12),
		"Kinds":       kinds,
		"KindNames":   names,
		"KindsHeight": 24*len(kinds) + 8,
		"Qs":          qs,
		"Filters": []filter{
			{"all", "all", len(qs)}, {"ok", "right", counts["ok"]}, {"bad", "wrong", counts["bad"]},
			{"ref", "refused", counts["ref"]}, {"na", "not answerable", counts["na"]},
		},
	})
}

// filter is a button of the report's outcome filter: the class of the
// rows it shows, its name, and how many rows it shows.
type filter struct {
	Class, Name string
	Count       int
}

// reportRow is one question of the report.
type reportRow struct {
	ID, Question, Gold, Answer, Status, Kind, Pages string
	// Class is the outcome filter's class: ok (right), bad (answered
	// wrong), ref (refused an answerable question), na (a question the
	// gold calls not answerable, refused or not); Outcome says it.
	Class, Outcome string
	// Hit is ★ when a citation stands on an evidence page, – when none
	// does, empty when the question names no evidence pages.
	Hit                        string
	Explanation, Reader, Check string
	Quotes                     []reportQuote
	Context, RR, MS, Error     string
}

// reportQuote is a citation as the report shows it.
type reportQuote struct {
	Text, Doc          string
	Page               int
	Verified, Evidence bool
}

func newReportRow(r Record) reportRow {
	q := reportRow{ID: r.Question.ID, Question: r.Question.Question, Gold: r.Question.Answer,
		Kind: r.Score.Kind, RR: "n/a", Error: r.Error}
	if len(r.Question.Pages) > 0 {
		q.Pages = fmt.Sprint(r.Question.Pages)
		q.Hit = "–"
	}
	switch {
	case r.Score.Kind == KindNotAnswerable && r.Score.Correct:
		q.Class, q.Outcome = "na", "not answerable: refused"
	case r.Score.Kind == KindNotAnswerable:
		q.Class, q.Outcome = "na", "not answerable: answered"
	case r.Score.Correct:
		q.Class, q.Outcome = "ok", "right"
	case !r.Score.Answered:
		q.Class, q.Outcome = "ref", "refused"
	default:
		q.Class, q.Outcome = "bad", "wrong"
	}
	if r.Score.RR != nil {
		q.RR = fmt.Sprintf("%.2f", *r.Score.RR)
	}
	if r.Answer == nil {
		q.Status, q.Answer = "error", r.Error
		return q
	}
	a := r.Answer
	q.Status, q.Answer, q.Explanation, q.Reader, q.Check = a.Status, a.Answer, a.Explanation, a.Reader, a.Check
	q.MS = fmt.Sprintf("%.0f", r.Seconds*1000)
	var ctx []string
	for _, p := range a.ContextPages {
		ctx = append(ctx, fmt.Sprintf("%s p.%d", p.Doc, p.Page))
	}
	q.Context = strings.Join(ctx, "; ")
	for _, c := range a.Citations {
		ev := r.Question.evidence(c.Doc, c.Page)
		if ev {
			q.Hit = "★"
		}
		q.Quotes = append(q.Quotes, reportQuote{c.Quote, c.Doc, c.Page, c.Verified, ev})
	}
	return q
}

// kindBar is one row of the chart of accuracy by answer kind.
type kindBar struct {
	Name               string
	Questions, Correct int
	Pct                int
	Y, TextY, W        float64
}

// kindBars lays out the accuracy of each answer kind, by name, for a
// 600-pixel-wide SVG, and returns the kinds' names.
func kindBars(by map[string]KindTotals) ([]kindBar, []string) {
	names := slices.Sorted(maps.Keys(by))
	var out []kindBar
	for i, n := range names {
		k := by[n]
		b := kindBar{Name: n, Questions: k.Questions, Correct: k.Correct, Y: float64(4 + 24*i)}
		b.TextY = b.Y + 12
		if k.Questions > 0 {
			b.Pct = 100 * k.Correct / k.Questions
			b.W = 400 * float64(k.Correct) / float64(k.Questions)
		}
		out = append(out, b)
	}
	return out, names
}

// histogram bins values into n bars laid out for a 600x210 SVG.
func histogram(v []float64, n int) []bar {
	if len(v) == 0 {
		return nil
	}
	lo, hi := v[0], v[0]
	for _, x := range v {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	width := math.Max((hi-lo)/float64(n), 1)
	counts := make([]int, n)
	for _, x := range v {
		counts[min(n-1, int((x-lo)/width))]++
	}
	top := 1
	for _, c := range counts {
		top = max(top, c)
	}
	bars := make([]bar, n)
	digits := 0
	if width < 10 {
		digits = 1
	}
	for i, c := range counts {
		h := 160 * float64(c) / float64(top)
		bars[i] = bar{
			Label: fmt.Sprintf("%.*f", digits, lo+float64(i)*width), Count: c,
			X: 40 + float64(i)*45, H: h, Y: 185 - h, TextY: 180 - h, LabelPos: 200,
		}
	}
	return bars
}

// Compare prints, per metric, run a's value, run b's and the change, then
// the questions whose outcome changed.
func Compare(w io.Writer, a, b *Result) error {
	var out strings.Builder
	ta, tb := a.Totals, b.Totals
	fmt.Fprintf(&out, "%-28s %10s %10s %10s\n", "metric", "a", "b", "b - a")
	line := func(name string, x, y *float64, scale float64) {
		if x == nil || y == nil {
			fmt.Fprintf(&out, "%-28s %10s %10s %10s\n", name, optNum(x), optNum(y), "n/a")
			return
		}
		fmt.Fprintf(&out, "%-28s %10.3f %10.3f %+10.3f\n", name, *x*scale, *y*scale, (*y-*x)*scale)
	}
	f := func(v float64) *float64 { return &v }
	line("accuracy", f(ta.Accuracy), f(tb.Accuracy), 1)
	line("precision", f(ta.Precision), f(tb.Precision), 1)
	line("refusal rate", f(ta.RefusalRate), f(tb.RefusalRate), 1)
	line("mean token F1", f(ta.MeanTokenF1), f(tb.MeanTokenF1), 1)
	line("page hit@1", ta.Hit1, tb.Hit1, 1)
	line("page hit@5", ta.Hit5, tb.Hit5, 1)
	line("page MRR", ta.MRR, tb.MRR, 1)
	line("multiple choice accuracy", ta.OptionAccuracy, tb.OptionAccuracy, 1)
	line("citations verified", ta.VerifiedShare, tb.VerifiedShare, 1)
	line("latency total p50 (ms)", f(ta.LatencyMS["total"].P50), f(tb.LatencyMS["total"].P50), 1)
	line("latency total p95 (ms)", f(ta.LatencyMS["total"].P95), f(tb.LatencyMS["total"].P95), 1)
	line("mean context chars", f(ta.MeanContextChars), f(tb.MeanContextChars), 1)

	before := map[string]Record{}
	for _, r := range a.Records {
		before[r.Question.ID] = r
	}
	var changed []string
	for _, r := range b.Records {
		p, ok := before[r.Question.ID]
		if !ok {
			continue
		}
		if p.Score.Correct != r.Score.Correct || status(p) != status(r) {
			changed = append(changed, fmt.Sprintf("  %s: %s -> %s  %s", r.Question.ID, outcome(p), outcome(r), short(r.Question.Question, 70)))
		}
	}
	fmt.Fprintf(&out, "\n%d question(s) changed outcome\n", len(changed))
	for _, c := range changed {
		out.WriteString(c + "\n")
	}
	_, err := io.WriteString(w, out.String())
	return err
}

func status(r Record) string {
	if r.Answer == nil {
		return "error"
	}
	return r.Answer.Status
}

func outcome(r Record) string {
	if r.Score.Correct {
		return "correct (" + status(r) + ")"
	}
	return "wrong (" + status(r) + ")"
}

func short(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func searchLabel(res *Result) string {
	s := res.Search
	if s == "" {
		s = "multi"
	}
	if res.Scoped {
		return s + ", scoped to each question's doc"
	}
	return s + ", whole index"
}
