package answer

import "docqa/reader"

// Source is a page of text a quote may come from.
type Source = reader.Source
