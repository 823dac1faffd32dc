package answer

import (
	"os"
	"testing"
)

var tempDirs []string

// mkTemp makes a folder removed when the package's tests end.
func mkTemp() (string, error) {
	d, err := os.MkdirTemp("", "docqa-answer-test")
	if err == nil {
		tempDirs = append(tempDirs, d)
	}
	return d, err
}

func TestMain(m *testing.M) {
	code := m.Run()
	if idx, err := sampleIndex(); err == nil && idx != nil {
		idx.Close()
	}
	for _, d := range tempDirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}
