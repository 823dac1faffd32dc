package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"docqa/answer"
)

// RunVersion is the version of the run file's layout.
const RunVersion = 1

// Record is one question's outcome.
type Record struct {
	Question Question       `json:"question"`
	Answer   *answer.Answer `json:"answer,omitempty"`
	Error    string         `json:"error,omitempty"`
	Score    Score          `json:"score"`
	Seconds  float64        `json:"seconds"`
}

// Result is a whole run: what `docqa eval --out` writes and `--resume` and
// `--compare` read.
type Result struct {
	Version     int       `json:"version"`
	File        string    `json:"file"`
	Engine      string    `json:"engine"`
	Model       string    `json:"model,omitempty"`
	Search      string    `json:"search,omitempty"` // search mode: multi or plain
	Scoped      bool      `json:"scoped"`
	Started     time.Time `json:"started"`
	Seconds     float64   `json:"seconds"`
	Interrupted bool      `json:"interrupted,omitempty"`
	Totals      Totals    `json:"totals"`
	Records     []Record  `json:"records"`
}

// AskFunc answers one question.
type AskFunc func(ctx context.Context, q Question) (*answer.Answer, error)

// Options configures [Run].
type Options struct {
	// Concurrency is the number of questions answered at once; zero
	// means 2.
	Concurrency int
	// Skip holds ids already answered (a resumed run).
	Skip map[string]bool
	// OnRecord, when set, is called after each question, one call at a
	// time.
	OnRecord func(Record)
}

// Run answers the questions and returns a record for each one answered,
// in file order. When ctx ends, questions not finished are left out and
// the error is ctx's: the records returned are still good.
func Run(ctx context.Context, qs []Question, ask AskFunc, opt Options) ([]Record, error) {
	if opt.Concurrency <= 0 {
		opt.Concurrency = 2
	}
	var (
		mu   sync.Mutex
		recs = map[int]Record{}
	)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(opt.Concurrency)
	for i, q := range qs {
		if opt.Skip[q.ID] {
			continue
		}
		if gctx.Err() != nil {
			break
		}
		g.Go(func() error {
			start := time.Now()
			a, err := ask(gctx, q)
			if gctx.Err() != nil {
				return nil // unfinished: left for a resumed run
			}
			r := Record{Question: q, Answer: a, Seconds: time.Since(start).Seconds()}
			if err != nil {
				r.Error = err.Error()
				r.Answer = nil
			} else {
				r.Score = ScoreAnswer(q, a)
			}
			mu.Lock()
			defer mu.Unlock()
			recs[i] = r
			if opt.OnRecord != nil {
				opt.OnRecord(r)
			}
			return nil
		})
	}
	g.Wait()
	keys := make([]int, 0, len(recs))
	for k := range recs {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	out := make([]Record, 0, len(keys))
	for _, k := range keys {
		out = append(out, recs[k])
	}
	return out, ctx.Err()
}

// Merge puts earlier records (a resumed run's) and new ones together in
// the order of the question file.
func Merge(qs []Question, earlier, later []Record) []Record {
	byID := map[string]Record{}
	for _, r := range earlier {
		byID[r.Question.ID] = r
	}
	for _, r := range later {
		byID[r.Question.ID] = r
	}
	var out []Record
	for _, q := range qs {
		if r, ok := byID[q.ID]; ok {
			out = append(out, r)
		}
	}
	return out
}

// ReadResult reads a run file written by [WriteResult].
func ReadResult(r io.Reader) (*Result, error) {
	var res Result
	if err := json.NewDecoder(r).Decode(&res); err != nil {
		return nil, fmt.Errorf("read run: %w", err)
	}
	if res.Version != RunVersion {
		return nil, fmt.Errorf("read run: %w", ErrRunVersion)
	}
	return &res, nil
}

// ErrRunVersion means a run file is not one this docqa writes.
var ErrRunVersion = errors.New("not a docqa eval run file of this version")

// WriteResult writes res as indented JSON.
func WriteResult(w io.Writer, res *Result) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(res)
}

// Totals are a run's metrics. Pointers are nil where a metric does not
// apply (no question has evidence pages, options, citations).
type Totals struct {
	Questions int            `json:"questions"`
	Errors    int            `json:"errors"`
	Status    map[string]int `json:"status"`
	Correct   int            `json:"correct"`
	Answered  int            `json:"answered"`
	// Accuracy is correct / all; Precision is correct / answered
	// (refusals left out); RefusalRate is not_found / all.
	Accuracy    float64 `json:"accuracy"`
	Precision   float64 `json:"precision"`
	RefusalRate float64 `json:"refusal_rate"`
	// Over questions with an answer in the documents.
	Answerable  int     `json:"answerable"`
	Exact       int     `json:"exact"`
	Contains    int     `json:"contains"`
	NumberQs    int     `json:"number_questions"`
	NumbersOK   int     `json:"numbers_correct"`
	MeanTokenF1 float64 `json:"mean_token_f1"`
	// InContext counts answerable questions whose gold answer the context
	// held: the ceiling of any reader.
	InContext int `json:"in_context"`
	// ByKind counts questions and correct answers by answer kind.
	ByKind map[string]KindTotals `json:"by_kind"`
	// ByReader counts, for each reader that answered or refused
	// ([answer.Answer.Reader]), the questions it took, those it answered
	// and those it answered right.
	ByReader map[string]ReaderTotals `json:"by_reader"`
	// Over "Not answerable" questions.
	NotAnswerable        int `json:"not_answerable"`
	NotAnswerableRefused int `json:"not_answerable_refused"`

	PageQuestions int      `json:"page_questions"`
	Hit1          *float64 `json:"hit1"`
	Hit5          *float64 `json:"hit5"`
	MRR           *float64 `json:"mrr"`

	OptionQuestions int      `json:"option_questions"`
	OptionAccuracy  *float64 `json:"option_accuracy"`

	Citations     int      `json:"citations"`
	Verified      int      `json:"verified"`
	VerifiedShare *float64 `json:"verified_share"`

	// LatencyMS holds p50 and p95 per stage (search, generate, total, and
	// question: the whole call as eval timed it).
	LatencyMS        map[string]Percentiles `json:"latency_ms"`
	MeanContextChars float64                `json:"mean_context_chars"`
}

// KindTotals are the questions of one answer kind, how many were
// answered correctly, and of the answerable ones how many had their gold
// answer in the context the engine read (issue 56: what the model sees,
// by kind).
type KindTotals struct {
	Questions int `json:"questions"`
	Correct   int `json:"correct"`
	InContext int `json:"in_context"`
}

// ReaderTotals are the questions one reader took (answered or refused),
// how many it answered, and how many of those were right.
type ReaderTotals struct {
	Took     int `json:"took"`
	Answered int `json:"answered"`
	Right    int `json:"right"`
}

// Percentiles of a latency, in milliseconds.
type Percentiles struct {
	P50 float64 `json:"p50"`
	P95 float64 `json:"p95"`
}

// countAnswerable counts the score of an answerable question.
func (t *Totals) countAnswerable(s Score) {
	t.Answerable++
	if s.Exact {
		t.Exact++
	}
	if s.Contains {
		t.Contains++
	}
	if s.Numbers != nil {
		t.NumberQs++
		if *s.Numbers {
			t.NumbersOK++
		}
	}
	if s.InContext != nil && *s.InContext {
		t.InContext++
	}
}

// countReader counts the score of a question the reader named took; an
// answer of an older run file, which names none, counts as "unnamed".
func (t *Totals) countReader(name string, s Score) {
	if name == "" {
		name = "unnamed"
	}
	rt := t.ByReader[name]
	rt.Took++
	if s.Answered {
		rt.Answered++
		if s.Correct {
			rt.Right++
		}
	}
	t.ByReader[name] = rt
}

// Summarise totals the records.
func Summarise(recs []Record) Totals {
	t := Totals{Questions: len(recs), Status: map[string]int{}, LatencyMS: map[string]Percentiles{}, ByKind: map[string]KindTotals{}, ByReader: map[string]ReaderTotals{}}
	var hit1, hit5, rr, f1 float64
	var optOK, ctxChars int
	stages := map[string][]float64{}
	for _, r := range recs {
		s := r.Score
		if r.Error != "" || r.Answer == nil {
			t.Errors++
			t.Status["error"]++
			continue
		}
		t.Status[r.Answer.Status]++
		for k, v := range r.Answer.TimingsMS {
			stages[k] = append(stages[k], float64(v))
		}
		// The stages are whole milliseconds; the wall time of the whole
		// question, as eval saw it, keeps fractions.
		stages["question"] = append(stages["question"], r.Seconds*1000)
		ctxChars += r.Answer.ContextChars
		k := t.ByKind[s.Kind]
		k.Questions++
		if s.Correct {
			t.Correct++
			k.Correct++
		}
		if s.InContext != nil && *s.InContext {
			k.InContext++
		}
		t.ByKind[s.Kind] = k
		if s.Answered {
			t.Answered++
		}
		t.countReader(r.Answer.Reader, s)
		t.Citations += s.Citations
		t.Verified += s.Verified
		if NotAnswerable(r.Question.Answer) {
			t.NotAnswerable++
			if s.Correct {
				t.NotAnswerableRefused++
			}
		} else {
			t.countAnswerable(s)
			f1 += s.TokenF1
		}
		if s.Hit1 != nil {
			t.PageQuestions++
			hit1 += b2f(*s.Hit1)
			hit5 += b2f(*s.Hit5)
			rr += *s.RR
		}
		if s.OptionCorrect != nil {
			t.OptionQuestions++
			if *s.OptionCorrect {
				optOK++
			}
		}
	}
	ok := t.Questions - t.Errors
	t.Accuracy = ratio(t.Correct, t.Questions)
	t.Precision = ratio(t.Correct-t.NotAnswerableRefused, t.Answered)
	t.RefusalRate = ratio(t.Status[answer.StatusNotFound], t.Questions)
	t.MeanTokenF1 = f1 / math.Max(1, float64(t.Answerable))
	t.MeanContextChars = float64(ctxChars) / math.Max(1, float64(ok))
	if t.PageQuestions > 0 {
		n := float64(t.PageQuestions)
		t.Hit1, t.Hit5, t.MRR = ptr(hit1/n), ptr(hit5/n), ptr(rr/n)
	}
	if t.OptionQuestions > 0 {
		t.OptionAccuracy = ptr(float64(optOK) / float64(t.OptionQuestions))
	}
	if t.Citations > 0 {
		t.VerifiedShare = ptr(float64(t.Verified) / float64(t.Citations))
	}
	for k, v := range stages {
		sort.Float64s(v)
		t.LatencyMS[k] = Percentiles{P50: percentile(v, 0.50), P95: percentile(v, 0.95)}
	}
	return t
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func ptr(f float64) *float64 { return &f }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// percentile of sorted values, nearest rank.
func percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(p*float64(len(sorted)))) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}
