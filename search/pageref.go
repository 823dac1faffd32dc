package search

import (
	"regexp"
	"strconv"
	"strings"
)

var (
	pageNumber  = regexp.MustCompile(`(?i)\b(?:page|p\.)\s*\(?\s*(\d{1,4})\s*\)?`)
	pageOrdinal = regexp.MustCompile(`(?i)\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+(?:cover\s+)?page\b`)
	pageWord    = regexp.MustCompile(`(?i)\bpage\s+(one|two|three|four|five|six|seven|eight|nine|ten)\b`)
	coverPage   = regexp.MustCompile(`(?i)\b(?:front\s+)?cover(?:\s+page)?\b|\btitle page\b`)
)

var ordinals = map[string]int{
	"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}

// PageRefs returns the pages a question names by position ("page 5",
// "page(1)", "the second page", "page two", "the cover"), in the order
// named, without repeats.
func PageRefs(question string) []int {
	var out []int
	seen := map[int]bool{}
	add := func(n int) {
		if n >= 1 && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	type hit struct{ at, page int }
	var hits []hit
	for _, m := range pageNumber.FindAllStringSubmatchIndex(question, -1) {
		n, _ := strconv.Atoi(question[m[2]:m[3]])
		hits = append(hits, hit{m[0], n})
	}
	for _, re := range []*regexp.Regexp{pageOrdinal, pageWord} {
		for _, m := range re.FindAllStringSubmatchIndex(question, -1) {
			hits = append(hits, hit{m[0], ordinals[strings.ToLower(question[m[2]:m[3]])]})
		}
	}
	if m := coverPage.FindStringIndex(question); m != nil {
		hits = append(hits, hit{m[0], 1})
	}
	for i := 1; i < len(hits); i++ { // by position in the question
		for j := i; j > 0 && hits[j].at < hits[j-1].at; j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
		}
	}
	for _, h := range hits {
		add(h.page)
	}
	return out
}
