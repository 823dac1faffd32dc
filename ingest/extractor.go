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
		return NewPdftotext(cfg.PdftotextTimeout, cfg.Pdfium.MemoryLimitMiB)
	case "pdfium":
		return NewPdfium(ctx, cfg.Pdfium)
	case "auto", "":
		p, err := NewPdfium(ctx, cfg.Pdfium)
		if err != nil {
			return nil, err
		}
		// pdftotext first where it is installed: it reads as well as
		// PDFium (the fidelity table: median word F1 1.000 and 0.999,
		// reading order alike) and a long filing three times as fast as
		// PDFium in WebAssembly, whose page parsing is 97% of its ingest
		// time. Where its memory cannot be capped (not Linux), a
		// decompression bomb could take the machine: it comes last there.
		a := &Auto{Engines: []Extractor{p, Glyphs{}}}
		if pt, err := NewPdftotext(cfg.PdftotextTimeout, cfg.Pdfium.MemoryLimitMiB); err == nil {
			if memoryCapped {
				a.Engines = []Extractor{pt, p, Glyphs{}}
			} else {
				a.Engines = append(a.Engines, pt)
			}
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
