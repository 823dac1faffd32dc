package cli

import (
	"errors"
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"docqa/answer"
	"docqa/ingest"
	"docqa/internal/app"
	"docqa/internal/metrics"
	"docqa/search"
)

// answering is what ask and chat answer with: the index (a nil retriever
// when nothing is indexed), its manifest, the --attach files, the --doc
// scope, and the request every question starts from (engine, trace,
// search flags, and the live view of steps and the streamed reply).
type answering struct {
	r     answer.Retriever
	idx   *search.Index
	m     *ingest.Manifest
	atts  []*ingest.Attachment
	scope []string
	base  answer.Request
	live  *liveView // progress on a terminal; nil when not shown
	close func()
	// release closes the index alone, before close: chat holds it only
	// while it answers ([indexFor]).
	release func()
}

// openAnswering sets ask and chat up from their flags: it checks
// --search, ingests --docs, reads --attach, opens the index, resolves
// --doc, picks the engine and opens --trace. With needDocs, an empty
// index and no attachment is [search.ErrNoIndex]. The caller calls close.
func openAnswering(c *cli.Context, needDocs bool) (*answering, error) {
	mode, err := searchMode(c)
	if err != nil {
		return nil, err
	}
	if docs := c.StringSlice("docs"); len(docs) > 0 {
		if err := runIngest(c, docs, false, true); err != nil {
			return nil, err
		}
		if c.Command.Name == "ask" && !c.IsSet("index") && !c.Bool("quiet") {
			// the default index outlives the question: say where it is
			fmt.Fprintf(c.App.ErrWriter, "docqa: notice: the documents stay indexed in %s, where later questions find them without --docs (--index DIR keeps them elsewhere)\n", c.String("index"))
		}
	}
	atts, err := loadAttachments(c)
	if err != nil {
		return nil, err
	}
	r, idx, m, closeIndex, err := openRetriever(c)
	if err != nil {
		return nil, err
	}
	if idx != nil && idx.Updating() && !c.Bool("quiet") {
		fmt.Fprintln(c.App.ErrWriter, "docqa: notice: an ingest is running; answering from the index as it was before it began")
	}
	a := &answering{r: r, idx: idx, m: m, atts: atts, close: closeIndex}
	fail := func(err error) (*answering, error) {
		a.close()
		return nil, err
	}
	if needDocs && r == nil && len(atts) == 0 {
		return fail(search.ErrNoIndex)
	}
	if a.scope, err = resolveDocs(m, c.StringSlice("doc")); err != nil {
		return fail(err)
	}
	eng, err := pickEngine(c)
	if err != nil {
		return fail(err)
	}
	trace, closeTrace, err := tracer(c)
	if err != nil {
		return fail(err)
	}
	released := false
	a.release = func() {
		if !released {
			released = true
			closeIndex()
		}
	}
	a.close = func() {
		closeTrace()
		a.release()
	}
	if a.base, err = baseRequest(c, eng, mode, m, trace); err != nil {
		return fail(err)
	}
	a.live = newLiveView(c)
	a.base.Attachments = atts
	a.base.OnStep, a.base.OnToken = a.live.onStep(), a.live.onToken()
	return a, nil
}

// baseRequest is the request every question of ask, chat and eval
// starts from: the engine and its planner, the search flags, the trace,
// and the index's document names.
func baseRequest(c *cli.Context, eng app.Engine, mode string, m *ingest.Manifest, trace func(answer.Event)) (answer.Request, error) {
	planner, err := pickPlanner(c, eng, trace)
	if err != nil {
		return answer.Request{}, err
	}
	ms, err := userMetrics(c.String("metrics"))
	if err != nil {
		return answer.Request{}, err
	}
	rp, err := readReaderParams(c) // ask and eval --reader-params
	if err != nil {
		return answer.Request{}, err
	}
	return answer.Request{
		Metrics: ms, ReaderParams: rp,
		Model: eng.Model, ModelName: eng.Name, Prompts: eng.Prompts, Fallback: eng.Fallback, Planner: planner, Trace: trace,
		K: c.Int("k"), MaxContext: c.Int("max-context"), Mode: mode, Expand: expand(c),
		Lookup: lookupDoc(m), Docs: docNames(m), Titles: docTitles(m),
	}, nil
}

// docTitles are the titles of the documents m lists, by name.
func docTitles(m *ingest.Manifest) map[string][]string {
	if m == nil {
		return nil
	}
	out := map[string][]string{}
	for name, e := range m.Docs {
		if len(e.Titles) > 0 {
			out[name] = e.Titles
		}
	}
	return out
}

// docNames are the names of the documents m lists; none for no index.
func docNames(m *ingest.Manifest) []string {
	if m == nil {
		return nil
	}
	var out []string
	for _, e := range m.Sorted() {
		out = append(out, e.Name)
	}
	return out
}

// userMetrics reads --metrics: the user's definitions, then the standard
// ones; nil (the standard ones) when no file is named.
func userMetrics(path string) ([]metrics.Metric, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &usageError{msg: fmt.Sprintf("read metrics %s: %v", path, errors.Unwrap(err)), hint: "give --metrics a text file of definitions, one a line"}
	}
	defer f.Close()
	ms, err := metrics.Parse(f)
	if err != nil {
		return nil, &usageError{msg: fmt.Sprintf("read metrics %s: %v", path, err), hint: `write each definition as NAME | ALIAS = FORMULA, e.g. "cash conversion = cash from operations / net income"`}
	}
	return append(ms, metrics.Standard()...), nil
}

// markOCR marks the citations from pages that were read by OCR.
func markOCR(m *ingest.Manifest, a *answer.Answer) {
	for i, c := range a.Citations {
		if e, ok := m.Docs[c.Doc]; ok && e.OCRed(c.Page) {
			a.Citations[i].OCR = true
		}
	}
}

// lookupDoc maps a file name to the manifest's document of that name
// (case and ".pdf" aside).
func lookupDoc(m *ingest.Manifest) func(string) (string, bool) {
	return func(name string) (string, bool) {
		d, err := findDoc(m, name, false)
		return d, err == nil
	}
}

// openRetriever opens the index for answering, read-only. With no index,
// or an empty one, the retriever is nil and the manifest empty: chat and
// ask --attach work without one. close releases what was opened.
func openRetriever(c *cli.Context) (r answer.Retriever, idx *search.Index, m *ingest.Manifest, close func(), err error) {
	idx, m, err = openIndex(c, true)
	switch {
	case errors.Is(err, search.ErrNoIndex):
		return nil, nil, &ingest.Manifest{}, func() {}, nil
	case err != nil:
		return nil, nil, nil, nil, err
	}
	if len(m.Docs) > 0 {
		r = idx
	}
	return r, idx, m, func() { idx.Close() }, nil
}
