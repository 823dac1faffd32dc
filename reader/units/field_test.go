package units

import (
	"testing"

	"docqa/internal/inquiry"
	"docqa/reader/base"
)

// A label/value line answers a question that names its label, with its
// value (issue 53's new kind); a label named in part, or a field that
// holds too little of the question, answers nothing.
func TestField(t *testing.T) {
	pages := structured([]base.Source{
		{Doc: "pump.pdf", Page: 2, Text: "PX-200 Pump Specifications\nWeight: 2.3 kg\nHeight: 40 cm\nDate of manufacture: May 2021\nThe pump is made in Ohio."},
		{Doc: "pump.pdf", Page: 3, Text: "Glossary\nFY = Financial Year ending March 31\nRPM = revolutions per minute"},
	})
	tests := []struct {
		question, want string // want "" for none
	}{
		{"What is the weight of the PX-200 pump?", "2.3 kg"},
		{"What is FY?", "Financial Year ending March 31"},
		{"How many kilograms does the PX-200 pump weigh?", ""}, // its label not named
		{"What is the height of the pump?", "40 cm"},
		{"When was the PX-200 pump manufactured?", ""},  // the label named in part
		{"What is the date of the warranty claim?", ""}, // "Date" is another field's
		{"Is the weight of the pump 2.3 kg?", ""},       // yes or no: not the field reader's
	}
	for _, tt := range tests {
		q := inquiry.Parse(tt.question, nil, nil)
		read, _ := TakeField(q, base.DefaultParams())
		var r base.Reading
		ok := false
		if read != nil {
			r, ok = read(pages)
		}
		if ok != (tt.want != "") || r.Answer != tt.want {
			t.Errorf("%q = %q, %v; want %q", tt.question, r.Answer, ok, tt.want)
		}
		if ok && !quoted(r, pages) {
			t.Errorf("%q: quotes %+v not word for word", tt.question, r.Quotes)
		}
	}
}
