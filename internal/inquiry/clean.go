package inquiry

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Clean returns a question as typed without what a terminal would act on
// rather than show: ANSI escape sequences (CSI "ESC [ ... final", OSC
// "ESC ] ... BEL or ESC \", and two-byte ones), other control characters
// (a tab or a line break becomes a space), and bytes that are no UTF-8
// (issue 52: "what is \x1b[31mthe oil\x1b[0m temperature?" was searched
// for "31mthe" and "0m").
func Clean(q string) string {
	if isPlain(q) {
		return q
	}
	var b strings.Builder
	b.Grow(len(q))
	for i := 0; i < len(q); {
		r, n := utf8.DecodeRuneInString(q[i:])
		switch {
		case r == 0x1b:
			i += escapeLen(q[i:])
			continue
		case r == 0x9b: // a CSI of one code point
			i += n + csiLen(q[i+n:])
			continue
		case r == utf8.RuneError && n <= 1:
		case r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f':
			b.WriteByte(' ')
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
		default:
			b.WriteString(q[i : i+n])
		}
		i += n
	}
	return b.String()
}

// isPlain reports whether q holds nothing Clean would change: printable
// ASCII, or UTF-8 above it without control characters.
func isPlain(q string) bool {
	for i := 0; i < len(q); i++ {
		if c := q[i]; c < 0x20 || c == 0x7f || c >= 0x80 {
			return false
		}
	}
	return true
}

// escapeLen is the length of the escape sequence s opens (s[0] is ESC).
func escapeLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		return 2 + csiLen(s[2:])
	case ']', 'P', '_', '^', 'X': // OSC, DCS, APC, PM, SOS: up to BEL or ST
		for i := 2; i < len(s); i++ {
			if s[i] == 0x07 {
				return i + 1
			}
			if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
		}
		return len(s)
	}
	if s[1] >= 0x20 && s[1] < 0x7f {
		return 2 // a two-byte sequence: ESC c, ESC 7, ESC =
	}
	return 1
}

// csiLen is the length of a CSI sequence's parameters and final byte:
// bytes 0x20-0x3f, then one 0x40-0x7e.
func csiLen(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x40 && c <= 0x7e {
			return i + 1
		}
		if c < 0x20 || c > 0x3f {
			return i // a broken sequence ends before what is no part of it
		}
	}
	return len(s)
}
