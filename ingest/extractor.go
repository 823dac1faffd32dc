package ingest

import (
	"context"
	"fmt"
	"time"
)

// ExtractorConfig configures [NewExtractor].
type ExtractorConfig struct {
	Pdfium PdfiumConfig
	// PdftotextTimeout bounds one pdftotext subprocess.
	PdftotextTimeout time.Duration
}

// NewExtractor returns the extractor named name: "pdfium", "ledongthuc",
// "pdftotext" or "auto". The caller closes it with [CloseExtractor].
func NewExtractor(ctx context.Context, name string, cfg ExtractorConfig) (Extractor, error) {
	switch name {
	case "ledongthuc":
		return Glyphs{}, nil
	case "pdftotext":
		return NewPdftotext(cfg.PdftotextTimeout)
	case "pdfium":
		return NewPdfium(ctx, cfg.Pdfium)
	case "auto", "":
		p, err := NewPdfium(ctx, cfg.Pdfium)
		if err != nil {
			return nil, err
		}
		a := &Auto{Engines: []Extractor{p, Glyphs{}}}
		if pt, err := NewPdftotext(cfg.PdftotextTimeout); err == nil {
			a.Engines = append(a.Engines, pt)
		}
		return a, nil
	}
	return nil, fmt.Errorf("unknown extractor %q (want auto, pdfium, ledongthuc or pdftotext)", name)
}

// CloseExtractor releases what an extractor holds (PDFium's runtime).
func CloseExtractor(ex Extractor) error {
	if c, ok := ex.(interface{ Close() error }); ok {
		return c.Close()
	}
	return nil
}
