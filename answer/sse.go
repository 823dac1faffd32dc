package answer

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// maxEventLine is the longest line of an event stream read: a chunk of a
// chat completion is a few hundred bytes; a server sending more on one
// line is not sending a reply.
const maxEventLine = 1 << 20

// errEventLine means a line of an event stream ran past maxEventLine.
var errEventLine = errors.New("an event stream line too long")

// An sseReader reads the data of a server-sent event stream
// (https://html.spec.whatwg.org/multipage/server-sent-events.html), as
// chat completions stream: each event's "data:" lines, joined by a line
// feed, the one space after the colon dropped; comments (":") and the
// other fields (event, id, retry) passed over; an event with no data
// skipped. Lines end in LF, CRLF or CR.
type sseReader struct {
	r *bufio.Reader
}

func newSSEReader(r io.Reader) *sseReader { return &sseReader{r: bufio.NewReader(r)} }

// Next returns the next event's data, and io.EOF after the last. An
// event cut short by the stream's end is returned when it holds data.
func (s *sseReader) Next() ([]byte, error) {
	var data []byte
	has := false
	for {
		line, err := s.line()
		if err == io.EOF && len(line) == 0 {
			if has {
				return data, nil
			}
			return nil, io.EOF
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		if len(line) == 0 { // the event's end
			if has {
				return data, nil
			}
			continue
		}
		field, value, _ := bytes.Cut(line, []byte(":"))
		value = bytes.TrimPrefix(value, []byte(" "))
		if string(field) == "data" {
			if has {
				data = append(data, '\n')
			}
			data, has = append(data, value...), true
		}
		if err == io.EOF {
			if has {
				return data, nil
			}
			return nil, io.EOF
		}
	}
}

// line reads one line without its end; io.EOF with the last line when
// the stream ends without one.
func (s *sseReader) line() ([]byte, error) {
	var line []byte
	for {
		b, err := s.r.ReadByte()
		if err != nil {
			return line, err
		}
		switch b {
		case '\n':
			return line, nil
		case '\r':
			if next, err := s.r.Peek(1); err == nil && next[0] == '\n' {
				s.r.ReadByte()
			}
			return line, nil
		}
		if len(line) >= maxEventLine {
			return nil, fmt.Errorf("%w (%d bytes)", errEventLine, maxEventLine)
		}
		line = append(line, b)
	}
}
