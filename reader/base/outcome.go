package base

// Need is the pages a reader reads.
type Need int

// String names the need as the trace does.
func (n Need) String() string {
	switch n {
	case WholePages:
		return "whole_pages"
	case Document:
		return "document"
	}
	return "window"
}

// An Attempt is one reader tried on a question, or one refusal check
// that fired, and what came of it: the trace lists them in order.
type Attempt struct {
	Name    string `json:"name"`
	Need    string `json:"need"`
	Verdict string `json:"verdict"` // answered, refused or declined; a check: fired
	Why     string `json:"why,omitempty"`
}

// AttemptOf is the Attempt of reader name that took the question with r.
func AttemptOf(name string, need Need, r Reading) Attempt {
	a := Attempt{Name: name, Need: need.String(), Verdict: VerdictAnswered}
	if !r.Found() {
		a.Verdict, a.Why = VerdictRefused, r.Explanation
	}
	return a
}

// Outcome is what a reader made of a question: a Reading that stands (an
// answer, or a refusal the reader is sure of), or why it declined.
type Outcome struct {
	R    Reading
	Took bool
	Why  string
}

func Took(r Reading) Outcome { return Outcome{R: r, Took: true} }

func Declined(why string) Outcome { return Outcome{Why: why} }

// DeclineReason writes a reader's reason for declining: one of the
// common three with what it reads ("the question does not ask for the
// entries of a table of contents"), any other as it is.
func DeclineReason(why, reads string) string {
	switch why {
	case NotAsked:
		return "the question does not ask for " + reads
	case NotOnPages:
		return "the pages do not hold " + reads
	case notAskedNor:
		return "the question does not ask for " + reads + ", or the pages do not hold it"
	}
	return why
}

// Answered is the outcome of a reader that reports only whether it
// answered: r with full coverage, or a decline.
func Answered(r Reading, ok bool) Outcome {
	if ok {
		return Took(r.Covering(1))
	}
	return Declined(notAskedNor)
}

const (
	// Window is the context: a window of each of the best pages.
	Window Need = iota
	// WholePages is the whole text of the first [Params.WholePagesRead] context
	// pages: a window of a page cuts a table's row from its header, a
	// list's items (a procedure's steps) from the sentence that announces
	// them, a table of contents from its heading and a statement from its
	// note.
	WholePages
	// Document is every page in scope of the document asked about.
	Document
)

// Verdicts of an [Attempt].
const (
	VerdictAnswered = "answered"
	VerdictRefused  = "refused"
	VerdictDeclined = "declined"
	VerdictFired    = "fired"
)

// The reasons readers give most often for declining, written out with
// what the reader reads ([DeclineReason]).
const (
	NotAsked    = "not asked"
	NotOnPages  = "not on the pages"
	notAskedNor = "not asked, or not on the pages"
)
