package terms

import (
	"strings"
	"testing"
)

func BenchmarkOfEnglish(b *testing.B) {
	page := strings.Repeat("The maximum oil temperature is 110 degrees Celsius in all phases of flight. Net sales rose 8% to $1,577 million in FY2018. ", 40)
	for b.Loop() {
		Of(page)
	}
}
