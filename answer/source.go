package answer

// Source is a page of text a quote may come from.
type Source struct {
	Doc  string
	Page int
	Text string
}
