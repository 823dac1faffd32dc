package eval

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"docqa/answer"
	"docqa/internal/testindex"
	"docqa/search"
)

// testAsker indexes the sample PDFs into a real on-disk index and answers
// with the extractive engine, each question scoped to its document.
func testAsker(t *testing.T) AskFunc {
	t.Helper()
	idx := testindex.Samples(t)
	return func(ctx context.Context, q Question) (*answer.Answer, error) {
		f := search.Filter{}
		if q.Doc != "" {
			f.Docs = []string{q.Doc}
		}
		return answer.Ask(ctx, idx, answer.Request{Question: q.Question, Filter: f})
	}
}

func testQuestions(t *testing.T) []Question {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "questions", "ae300.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	qs, err := ReadQuestions(f)
	if err != nil {
		t.Fatal(err)
	}
	return qs
}

// ignoreTiming leaves out what differs between two runs of the same
// questions: latencies.
var ignoreTiming = cmpopts.IgnoreFields(Totals{}, "LatencyMS")

// TestInterruptResume stops a run part way, the way Ctrl-C does (the
// context ends), keeps what finished, resumes from the written run file,
// and checks the totals equal those of a run that was never interrupted.
func TestInterruptResume(t *testing.T) {
	qs := testQuestions(t)
	ask := testAsker(t)

	full, err := Run(t.Context(), qs, ask, Options{Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(full) != len(qs) {
		t.Fatalf("uninterrupted run: %d records, want %d", len(full), len(qs))
	}
	want := Summarise(full)

	ctx, cancel := context.WithCancel(t.Context())
	n := 0
	part, err := Run(ctx, qs, ask, Options{Concurrency: 2, OnRecord: func(Record) {
		if n++; n == 4 {
			cancel() // Ctrl-C after four answers
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: err %v, want context.Canceled", err)
	}
	if len(part) < 4 || len(part) >= len(qs) {
		t.Fatalf("interrupted run kept %d records, want 4 to %d", len(part), len(qs)-1)
	}

	// The interrupted run is written out, and --resume reads it back.
	var buf bytes.Buffer
	if err := WriteResult(&buf, &Result{Version: RunVersion, Interrupted: true, Records: part, Totals: Summarise(part)}); err != nil {
		t.Fatal(err)
	}
	earlier, err := ReadResult(&buf)
	if err != nil {
		t.Fatal(err)
	}
	skip := map[string]bool{}
	for _, r := range earlier.Records {
		skip[r.Question.ID] = true
	}
	asked := 0
	res := &Result{Version: RunVersion}
	runner := Runner{Concurrency: 2, Earlier: earlier}
	err = runner.Run(t.Context(), res, qs, func(ctx context.Context, q Question) (*answer.Answer, error) {
		if skip[q.ID] {
			t.Errorf("resumed run asked %s again", q.ID)
		}
		asked++
		return ask(ctx, q)
	})
	if err != nil {
		t.Fatal(err)
	}
	if asked != len(qs)-len(part) || runner.Skipped() != len(part) {
		t.Errorf("resumed run asked %d questions and skipped %d, want %d and %d", asked, runner.Skipped(), len(qs)-len(part), len(part))
	}
	merged := res.Records
	if len(merged) != len(qs) || res.Interrupted {
		t.Fatalf("merged run: %d records (interrupted %v), want %d", len(merged), res.Interrupted, len(qs))
	}
	for i, r := range merged {
		if r.Question.ID != qs[i].ID {
			t.Errorf("record %d is %s, want %s (file order)", i, r.Question.ID, qs[i].ID)
		}
	}
	if diff := cmp.Diff(want, res.Totals, ignoreTiming); diff != "" {
		t.Errorf("resumed totals differ from an uninterrupted run (-want +got):\n%s", diff)
	}
}

func TestSummariseNotApplicable(t *testing.T) {
	// No evidence pages, options or citations: those metrics are n/a (nil),
	// not zero.
	recs := []Record{{Question: Question{ID: "a", Answer: "x"}, Answer: &answer.Answer{Status: answer.StatusNotFound}}}
	got := Summarise(recs)
	if got.Hit1 != nil || got.Hit5 != nil || got.MRR != nil || got.OptionAccuracy != nil || got.VerifiedShare != nil {
		t.Errorf("n/a metrics set: hit1 %v hit5 %v mrr %v options %v verified %v", got.Hit1, got.Hit5, got.MRR, got.OptionAccuracy, got.VerifiedShare)
	}
	var b bytes.Buffer
	WriteTable(&b, &Result{Totals: got})
	if !bytes.Contains(b.Bytes(), []byte("page hit@1")) || !bytes.Contains(b.Bytes(), []byte("n/a")) {
		t.Errorf("table does not show n/a page metrics:\n%s", b.String())
	}
}

// TestSummariseByReader counts, for each reader, the questions it took,
// answered and answered right, and prints them those that took the most
// first, in the text and the Markdown totals.
func TestSummariseByReader(t *testing.T) {
	rec := func(gold, reader, status, ans string) Record {
		q := Question{ID: reader + ans, Answer: gold}
		a := &answer.Answer{Status: status, Answer: ans, Reader: reader}
		return Record{Question: q, Answer: a, Score: ScoreAnswer(q, a)}
	}
	recs := []Record{
		rec("42", "figure", answer.StatusAnswered, "42"),
		rec("42", "figure", answer.StatusAnswered, "41"),
		rec("7", "sentence", answer.StatusAnswered, "7"),
		rec("Not answerable", "sentence", answer.StatusNotFound, answer.NotFound),
		rec("9", "sentence", answer.StatusNotFound, answer.NotFound),
		rec("3", "", answer.StatusAnswered, "3"),
	}
	got := Summarise(recs).ByReader
	want := map[string]ReaderTotals{
		"figure":   {Took: 2, Answered: 2, Right: 1},
		"sentence": {Took: 3, Answered: 1, Right: 1},
		"unnamed":  {Took: 1, Answered: 1, Right: 1},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ByReader (-want +got):\n%s", diff)
	}
	for _, write := range []func(*bytes.Buffer, *Result) error{
		func(b *bytes.Buffer, r *Result) error { return WriteTable(b, r) },
		func(b *bytes.Buffer, r *Result) error { return WriteMarkdown(b, r) },
	} {
		var b bytes.Buffer
		if err := write(&b, &Result{Totals: Summarise(recs)}); err != nil {
			t.Fatal(err)
		}
		if want := "sentence 1/1/3, figure 1/2/2, unnamed 1/1/1"; !bytes.Contains(b.Bytes(), []byte(want)) {
			t.Errorf("totals lack %q:\n%s", want, b.String())
		}
	}
}

// TestSummariseInContextByKind counts, for each answer kind, the
// answerable questions whose gold answer the context held, and the
// table prints them (issue 56).
func TestSummariseInContextByKind(t *testing.T) {
	rec := func(question, gold, context string) Record {
		q := Question{ID: question, Question: question, Answer: gold}
		a := &answer.Answer{Status: answer.StatusNotFound, Answer: answer.NotFound, ContextText: context}
		return Record{Question: q, Answer: a, Score: ScoreAnswer(q, a)}
	}
	recs := []Record{
		rec("What was revenue in 2023?", "$5,200", "Revenue was $5,200 in 2023."),
		rec("What was the cost?", "$310", "Costs are listed elsewhere."),
		rec("Who wrote it?", "Jane Doe", "It was written by Jane Doe."),
		rec("Is it there?", "Not answerable", "Nothing."),
	}
	got := Summarise(recs).ByKind
	want := map[string]KindTotals{
		KindLookup:        {Questions: 2, InContext: 1},
		KindText:          {Questions: 1, InContext: 1},
		KindNotAnswerable: {Questions: 1, Correct: 1},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ByKind (-want +got):\n%s", diff)
	}
	var b bytes.Buffer
	WriteTable(&b, &Result{Totals: Summarise(recs)})
	if !strings.Contains(b.String(), "look-up 1/2, text 1/1") {
		t.Errorf("table lacks the answer in context by kind:\n%s", b.String())
	}
}
