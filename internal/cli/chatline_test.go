package cli

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// readAll reads lines until the end, writing a dropped line as "!long".
func readAll(in string, max int) ([]string, error) {
	br := bufio.NewReaderSize(strings.NewReader(in), 16)
	var out []string
	for {
		line, err := readLine(br, max)
		switch {
		case errors.Is(err, errLineTooLong):
			out = append(out, "!long")
		case errors.Is(err, io.EOF):
			return out, nil
		case err != nil:
			return out, err
		default:
			out = append(out, line)
		}
	}
}

func TestReadLine(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"one\ntwo\n", []string{"one", "two"}},
		{"no end", []string{"no end"}},
		{"crlf\r\nnext", []string{"crlf", "next"}},
		{"\n\n", []string{"", ""}},
		// issue 19, item 13: a long line is dropped, the session goes on
		{strings.Repeat("x", 100) + "\nafter\n", []string{"!long", "after"}},
		{"first\n" + strings.Repeat("y", 100), []string{"first", "!long"}},
		{strings.Repeat("z", 40) + "\n", []string{strings.Repeat("z", 40)}},
	}
	for _, tt := range tests {
		got, err := readAll(tt.in, 40)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("lines of %.30q (-want +got):\n%s", tt.in, diff)
		}
	}
}

// FuzzReadLine: any input reads to its end as lines of at most max bytes
// with no line break in them, or as dropped lines; never an error.
func FuzzReadLine(f *testing.F) {
	f.Add("one\ntwo\r\n" + strings.Repeat("x", 50))
	f.Fuzz(func(t *testing.T, in string) {
		lines, err := readAll(in, 40)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			if strings.Contains(l, "\n") || len(l) > 41 {
				t.Fatalf("line %q: holds a break or is over the limit", l)
			}
		}
	})
}
