package units

import (
	"docqa/reader/internal/readertest"
)

var quoted = readertest.Quoted
