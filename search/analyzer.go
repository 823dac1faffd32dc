package search

import (
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/registry"

	"docqa/internal/terms"
)

// analyzerName is the analyzer of passage text: bleve's English analyzer
// (Unicode word breaks, possessives, lower case, English stop words,
// Porter stems) after [terms.Fold], which writes the forms of one thing
// alike ("FY2018" as "FY 2018", "U.S." as "US", "1,577.00" as "1577").
// The question goes through the same analyzer, so both sides match.
const analyzerName = "docqa_en"

// foldFilter is a bleve char filter running [terms.Fold].
type foldFilter struct{}

func (foldFilter) Filter(input []byte) []byte { return []byte(terms.Fold(string(input))) }

func init() {
	err := registry.RegisterAnalyzer(analyzerName, func(config map[string]interface{}, cache *registry.Cache) (analysis.Analyzer, error) {
		a, err := en.AnalyzerConstructor(config, cache)
		if err != nil {
			return nil, err
		}
		d, ok := a.(*analysis.DefaultAnalyzer)
		if !ok {
			return a, nil
		}
		out := *d
		out.CharFilters = append([]analysis.CharFilter{foldFilter{}}, d.CharFilters...)
		return &out, nil
	})
	if err != nil {
		panic(err)
	}
}
