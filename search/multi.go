package search

import (
	"context"
	"fmt"
	"slices"

	"golang.org/x/sync/errgroup"
)

// Step reports progress of a multi-stage search, as the seed's
// onStepUpdate does: a label, whether it is done, and a detail.
type Step struct {
	Label  string
	Done   bool
	Detail string
}

// MultiOptions configures [Index.MultiSearch].
type MultiOptions struct {
	// K is the number of passages retrieved per sub-question; zero means
	// DefaultK.
	K      int
	Filter Filter
	// Parallel bounds the sub-questions searched at once; zero means 4.
	Parallel int
	// OnStep, when set, is told when each stage starts and ends.
	OnStep func(Step)
	// Plain ranks pages by their passages alone, not weighing their
	// documents ([docPrior]): the baseline.
	Plain bool
	// Focus searches again, on its own, a document that holds most of the
	// best pages' score when the search spans several ([Index.focus]).
	Focus bool
}

// DefaultK is how many passages a search retrieves for each sub-question
// unless told otherwise: enough for [rescore] to lift a passage that
// BM25 alone ranks low. Its evidence is in [DefaultParams].
const DefaultK = 80

// MultiSearch searches every sub-question in parallel, ranks each one's
// pages by their passages, and fuses the rankings by reciprocal rank
// fusion. With one sub-question the result is that question's ranking.
func (x *Index) MultiSearch(ctx context.Context, subs []string, opt MultiOptions) ([]PageHit, error) {
	if len(subs) == 0 {
		return nil, ErrEmptyQuery
	}
	if opt.K <= 0 {
		opt.K = x.params.K
	}
	if opt.Parallel <= 0 {
		opt.Parallel = 4
	}
	if len(opt.Filter.Docs) == 0 && !opt.Plain {
		docs, err := x.namedDocs(ctx, subs[0])
		if err != nil {
			return nil, err
		}
		opt.Filter.Docs = docs
	}
	label := fmt.Sprintf("Searching %d sub-question(s)", len(subs))
	Tell(opt.OnStep, Step{Label: label})
	// the whole question is searched again, expanded by relevance
	// feedback (rm3.go), as one more ranking to fuse, last; within one
	// document, whose best passages speak of one thing (over several,
	// the focus stage searches the document that holds the search)
	feedback := !opt.Plain && len(opt.Filter.Docs) == 1
	lists := make([][]PageHit, len(subs), len(subs)+1)
	var expanded []PageHit
	searched := subs
	if feedback {
		searched = append([]string{subs[0]}, subs...) // the question again, expanded
	}
	postings := newPostingCache(x.analyzer, searched)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(opt.Parallel)
	for i, s := range subs {
		g.Go(func() error {
			hits, err := x.search(gctx, searchQuery{text: s, postings: postings}, opt.K, opt.Filter)
			if err != nil && err != ErrEmptyQuery {
				return err
			}
			lists[i] = rankPages(hits, x.params.PageDecay)
			if i == 0 && len(opt.Filter.Docs) != 1 && !opt.Plain {
				docPrior(s, hits, lists[i], x.words)
			}
			if i == 0 && feedback {
				if eq, ok := x.expand(s, hits); ok {
					eq.postings = postings
					more, err := x.search(gctx, eq, opt.K, opt.Filter)
					if err != nil {
						return err
					}
					expanded = rankPages(more, x.params.PageDecay)
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if expanded != nil {
		lists = append(lists, expanded)
	}
	if len(opt.Filter.Docs) != 1 {
		keepDocs(lists, x.params.SubDocs)
	}
	fused := fuse(lists, x.params.FirstWeight, x.params.RRFK)
	Tell(opt.OnStep, Step{Label: label, Done: true, Detail: fmt.Sprintf("%d page(s) found", len(fused))})
	if opt.Focus && len(opt.Filter.Docs) != 1 {
		return x.focus(ctx, subs, fused, opt)
	}
	return fused, nil
}

// focus is the second stage of a search over several documents: when one
// document holds the search (Params.FocusShare) its passages are searched
// again on their own, as a question scoped to it would be, since the best
// passages of a whole index hold only a few of any one document's. Its
// pages come first in that ranking, then the other documents' pages in
// theirs; when the question names no document the focus is a guess, and
// the best other page keeps a place among the first (Params.HedgeRank).
func (x *Index) focus(ctx context.Context, subs []string, ranked []PageHit, opt MultiOptions) ([]PageHit, error) {
	if len(ranked) == 0 {
		return ranked, nil
	}
	top := ranked[0].Doc
	mass, total := 0.0, 0.0
	for _, p := range ranked[:min(len(ranked), x.params.FocusPages)] {
		total += p.Score
		if p.Doc == top {
			mass += p.Score
		}
	}
	if total <= 0 || mass < x.params.FocusShare*total {
		return ranked, nil
	}
	label := "Searching " + top
	onStep := opt.OnStep
	Tell(onStep, Step{Label: label})
	named := opt.Filter.Docs
	opt.Filter.Docs = []string{top}
	opt.Focus, opt.OnStep = false, nil
	out, err := x.MultiSearch(ctx, subs, opt)
	if err != nil || len(out) == 0 {
		return ranked, err
	}
	Tell(onStep, Step{Label: label, Done: true, Detail: fmt.Sprintf("%d page(s) found", len(out))})
	rest := make([]PageHit, 0, len(ranked))
	for _, p := range ranked {
		if p.Doc != top {
			rest = append(rest, p)
		}
	}
	if at := x.params.HedgeRank - 1; len(named) == 0 && at >= 0 && at < len(out) && len(rest) > 0 {
		out = slices.Insert(out, at, rest[0])
		rest = rest[1:]
	}
	return append(out, rest...), nil
}

// Tell tells f, when set, of s: the one way a stage reports progress.
func Tell(f func(Step), s Step) {
	if f != nil {
		f(s)
	}
}

// fuse merges page rankings by reciprocal rank fusion with constant rrfK
// (Params.RRFK). The first list (the whole question) counts firstWeight
// (Params.FirstWeight), the others 1: the parts of a question are
// narrower than it. A page keeps the best passage of the list that ranked
// it highest. Ties break by document and page.
func fuse(lists [][]PageHit, firstWeight, rrfK float64) []PageHit {
	if len(lists) == 1 {
		return lists[0]
	}
	type key struct {
		doc  string
		page int
	}
	score := map[key]float64{}
	best := map[key]PageHit{}
	bestRank := map[key]int{}
	for i, l := range lists {
		w := 1.0
		if i == 0 {
			w = firstWeight
		}
		for r, p := range l {
			k := key{p.Doc, p.Page}
			score[k] += w / (rrfK + float64(r+1))
			if br, ok := bestRank[k]; !ok || r < br || (r == br && p.Score > best[k].Score) {
				best[k], bestRank[k] = p, r
			}
		}
	}
	out := make([]PageHit, 0, len(score))
	for k, s := range score {
		p := best[k]
		p.Score = s
		out = append(out, p)
	}
	sortPages(out)
	return out
}

// The whole question's ranking lends the other sub-questions only its
// best Params.SubDocs documents when a search spans several: a part of a
// question ("the entire population in 2018") matches in unrelated
// documents, and its pages would push out those of the documents the
// question is about.

// keepDocs drops from every ranking after the first the pages of
// documents outside the first ranking's best n.
func keepDocs(lists [][]PageHit, n int) {
	keep := map[string]bool{}
	for _, p := range lists[0] {
		if len(keep) >= n {
			break
		}
		keep[p.Doc] = true
	}
	for i := 1; i < len(lists); i++ {
		l := lists[i][:0]
		for _, p := range lists[i] {
			if keep[p.Doc] {
				l = append(l, p)
			}
		}
		lists[i] = l
	}
}
