package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"docqa/ingest"
)

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// progressBar draws ingest progress on one terminal line.
type progressBar struct {
	w     io.Writer
	width int
	drawn bool
}

func (p *progressBar) update(pr ingest.Progress) {
	label := pr.Name
	if pr.OCRPages > 0 {
		// OCR takes about a second a page: say where the time goes
		label = fmt.Sprintf("%s · OCR: %d page(s)", pr.Name, pr.OCRPages)
	}
	p.draw(pr.Done, pr.Total, label)
}

// draw shows done of total and a label.
func (p *progressBar) draw(done, total int, label string) {
	const barWidth = 30
	filled := 0
	if total > 0 {
		filled = barWidth * min(done, total) / total
	}
	if r := []rune(label); len(r) > 40 {
		label = "…" + string(r[len(r)-39:])
	}
	line := fmt.Sprintf("\r[%s%s] %d/%d %s", strings.Repeat("#", filled), strings.Repeat("-", barWidth-filled), done, total, label)
	if pad := p.width - len(line); pad > 0 {
		line += strings.Repeat(" ", pad)
	}
	p.width = len(line)
	fmt.Fprint(p.w, line)
	p.drawn = true
}

// clear erases the bar so the next line starts clean.
func (p *progressBar) clear() {
	if p.drawn {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
		p.drawn = false
	}
}
