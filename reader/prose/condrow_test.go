package prose

import (
	"docqa/reader/base"
	"docqa/reader/sentences"
	"testing"
)

// buttonsPage is a watch manual's table of what its buttons do, as
// pdftotext reads it: each button's heading, then its rows of an
// operation and its function, a cell's lines one under another.
const buttonsPage = `Buttons and screen control
Up button
Operation Function Remarks
Press once Wake the watch screen when the screen is off.
Press and hold • Power on the watch when the watch is off.
Down button
Operation Function Remarks
Press
once
The heart rate app opens by default.
Press and
hold
Wake up the voice assistant. Voice assistant is only supported in some
countries/regions.
Gestures
Touch and hold on the home screen Change the watch face.`

func TestReadConditionRow(t *testing.T) {
	sources := []base.Source{
		{Doc: "watch.pdf", Page: 3, Text: buttonsPage},
		{Doc: "watch.pdf", Page: 15, Text: "You can also press the Down button twice to start a measurement."},
	}
	tests := []struct {
		q, want string
	}{
		{"What will happen when you press and hold the down button?", "Wake up the voice assistant."},
		{"What happens if you press the Down button once?", "The heart rate app opens by default."},
		// the Up button's rows hold their function on the label's line:
		// no row of a label alone, and the Down button's are not its
		{"What happens when you press and hold the Up button?", ""},
		{"What happens when you press and hold the Side button?", ""}, // no such heading
		{"How do I wake up the voice assistant?", ""},                 // asks what follows no condition
	}
	for _, tt := range tests {
		r, ok := readConditionRow(sentences.NewPool(sources, base.DefaultParams()), ask(tt.q))
		if ok != (tt.want != "") || r.Answer != tt.want {
			t.Errorf("readConditionRow(%q) = %q, %v; want %q", tt.q, r.Answer, ok, tt.want)
		}
		if ok && !quoted(r, sources) {
			t.Errorf("quotes %+v not word for word from the page", r.Quotes)
		}
	}
}
