package table

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"testing"
)

func TestDbgLines(t *testing.T) {
	s, _ := os.ReadFile(os.Getenv("BBOX"))
	re := regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)
	var ws []Word
	for _, m := range re.FindAllStringSubmatch(string(s), -1) {
		f := func(i int) float64 { v, _ := strconv.ParseFloat(m[i], 64); return v }
		ws = append(ws, Word{m[5], f(1), f(2), f(3), f(4)})
	}
	p := DefaultGridParams()
	for _, l := range linesOf(ws) {
		l.segs = segmentsOf(l.words, p.Gap*l.height())
		fmt.Printf("%6.1f-%6.1f h%4.1f %d:", l.y0, l.y1, l.height(), len(l.segs))
		for _, sg := range l.segs {
			fmt.Printf(" [%.0f-%.0f %q]", sg.x0, sg.x1, sg.text)
		}
		fmt.Println()
	}
}
