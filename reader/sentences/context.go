package sentences

import "docqa/reader/base"

// Context is what the window readers read: the sources' sentences and the
// question's terms weighted by them, and what a reader that declined
// leaves for the checks after it. The pool carries the numbers the
// readers read with ([Context.Par]).
type Context struct {
	P     *Pool
	W     map[string]float64
	Total float64
	// Metric names the metric asked for, and item the item whose amount
	// is asked for, when the tables could not give them: a sentence
	// answers only if it states them ([Pool.Unstated])
	Metric, Item []string
}

// Par are the numbers the window is read with.
func (in *Context) Par() base.Params { return in.P.Par }
