package answer

import (
	"context"

	"docqa/cache"
	"docqa/search"
)

// evidenceBudget caps the characters one evidence type adds to a context.
const evidenceBudget = 2000

// fetcher returns the evidence fetcher of the bounded context loop for a
// question whose search ranked these pages: every type stays within the
// filter and within [evidenceBudget]. "chat_history" has nothing to add to
// a one-off question.
func fetcher(r Retriever, ranked []search.PageHit, f search.Filter) fetchFunc {
	return func(ctx context.Context, types []string, have []Source) ([]Source, error) {
		seen := map[PageRef]bool{}
		for _, s := range have {
			seen[PageRef{s.Doc, s.Page}] = true
		}
		var out []Source
		for _, t := range types {
			left := evidenceBudget
			add := func(doc string, page int, passage string, replace bool) error {
				ref := PageRef{doc, page}
				if (seen[ref] && !replace) || left < minPage || !f.Allows(page) {
					return nil
				}
				text, ok, err := r.Page(ctx, doc, page)
				if err != nil || !ok {
					return err
				}
				if len(text) > left {
					if passage != "" {
						text = window(text, passage, left)
					} else {
						text = cache.Cut(text, left)
					}
				}
				seen[ref] = true
				left -= len(text)
				out = append(out, Source{Doc: doc, Page: page, Text: text})
				return nil
			}
			var err error
			switch t {
			case EvidenceAdjacentPages:
				for _, s := range have {
					for _, n := range []int{s.Page - 1, s.Page + 1} {
						if err == nil && n >= 1 {
							err = add(s.Doc, n, "", false)
						}
					}
				}
			case EvidenceMoreResults:
				for _, p := range ranked {
					if err == nil {
						err = add(p.Doc, p.Page, p.Best.Text, false)
					}
				}
			case EvidenceFullPage:
				for _, s := range have {
					if err == nil {
						err = add(s.Doc, s.Page, s.Text, true)
					}
				}
			case EvidenceDocumentOutline:
				docs := map[string]bool{}
				for _, s := range have {
					if !docs[s.Doc] && err == nil {
						docs[s.Doc] = true
						err = add(s.Doc, 1, "", false)
					}
				}
			}
			if err != nil {
				return nil, err
			}
		}
		return out, nil
	}
}
