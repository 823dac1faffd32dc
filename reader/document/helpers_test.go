package document

import (
	"docqa/internal/inquiry"
	"docqa/reader/internal/readertest"
)

func ask(text string) *inquiry.Question { return readertest.Ask(text) }

var structured = readertest.Structured
