package prose

import (
	"docqa/reader/internal/readertest"
)

// manualPages are a board manual's pages ([readertest.ManualPages]).
var manualPages = readertest.ManualPages()

var structured = readertest.Structured
