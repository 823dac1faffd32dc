package reader

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/sentences"
	"strings"
	"testing"
)

// What follows a condition is told by a sentence about all of the
// condition, but the document's own subject.
func TestCondition(t *testing.T) {
	manual := []base.Source{{Doc: "stereo_headset.pdf", Page: 3, Text: "Press and hold the Up button to open the workout list. The list shows eight workouts. The screen turns off after ten seconds. You can also press the Down button twice to start a measurement. The watch vibrates once. Charging: if the output current is less than 1.5 A, the charging time will increase."}}
	if a := readText("What will happen when you press and hold the down button?", nil, manual); a.Found() {
		t.Errorf("another condition answered: %q", a.Answer)
	}
	if a := readText("What will happen when you press the down button twice?", nil, manual); !strings.Contains(a.Answer, "start a measurement") {
		t.Errorf("the condition met: answer %q (%s)", a.Answer, a.Explanation)
	}
	if a := readText("What if the output current is less than 1.5 A for the headset?", nil, manual); !strings.Contains(a.Answer, "charging time will increase") {
		t.Errorf("the document's subject left out: answer %q (%s)", a.Answer, a.Explanation)
	}
	for q, want := range map[string]string{
		"What will happen when you press and hold the Down button?": "press hold down button",
		"What if the adaptor supplies less than 1.5 A?":             "adaptor suppli less 1 5",
		"What happens to revenue?":                                  "",
	} {
		if got := strings.Join(sentences.ConditionTerms(inquiry.Parse(q, nil, nil)), " "); got != want {
			t.Errorf("conditionTerms(%q) = %q, want %q", q, got, want)
		}
	}
}
