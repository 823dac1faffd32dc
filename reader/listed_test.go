package reader

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadList(t *testing.T) {
	inspection := "The five questions we ask about services and what we found\n" +
		"We always ask the following five questions of services.\n" +
		"Is the service safe?\nThe service was not safe.\nMedicines were not managed safely.\n" +
		"Is the service effective?\nThe service was not effective.\n" +
		"Is the service caring?\nPeople felt respected.\n" +
		"Is the service responsive?\nThe provider responded to complaints.\n" +
		"Is the service well-led?\nNotifiable incidents were not always sent to CQC.\n" +
		"3 The Limes Residential Home Inspection report 05/10/2015\n"
	handbook := "Coursework Requirements\n" +
		"All ISEP students have to fulfil 30 MCs which comprise the 3 compulsory ISEP\ncourses:\n" +
		"\uf0b7 GS6001 (Research Ethics and Scientific Integrity) to be read latest by\nthe 3rd semester upon enrolment,\n" +
		"\uf0b7 GS5002 (Academic Professional Skills and Techniques) to be read\nlatest by the 4th semester upon enrolment,\n" +
		"\uf0b7 GS6883A (Interface Sciences and Engineering) to be read latest by the\n4th semester upon enrolment.\n" +
		"2. Other courses supported by supervisor and approved by ISEP.\n"
	kit := "Unpacking\nThe box holds the following parts:\n" +
		"1. Base unit, with its cable\n2. Water tank\n3. Drip tray – dishwasher safe\n\nKeep the box for returns.\n"
	short := "The box holds the following four parts:\n1. Base unit\n2. Water tank\n3. Drip tray\n"
	module := "Students are eligible for the 2 MCs and a grading, subject to meeting all the criteria of the\n" +
		"module – GS5101 Research Immersion Module, which include:\n" +
		"\uf0b7 Attendance of the workshop.\n\uf0b7 Completion of two lab rotations with two ISEP-approved supervisors,\nwith their performance endorsed.\n" +
		"\uf0b7 Submission of two lab rotation reports.\nAfter the completion of the LRs, students may nominate their Main Supervisor.\n"
	tests := []struct {
		name, q, text string
		answer        string
		quotes        int
	}{
		{"questions between findings", "List the questions asked about the services in this report.", inspection,
			"Is the service safe?; Is the service effective?; Is the service caring?; Is the service responsive?; Is the service well-led?", 6},
		{"bullets after a colon mid-sentence", "Which compulsory ISEP courses does the students must have? Write the answer in list format.", handbook,
			"GS6001 (Research Ethics and Scientific Integrity); GS5002 (Academic Professional Skills and Techniques); GS6883A (Interface Sciences and Engineering)", 4},
		{"numbered, up to a blank line", "What are the parts the box holds?", kit, "Base unit; Water tank; Drip tray", 4},
		{"count not met", "What are the parts the box holds?", short, "", 0},
		{"colon, kind named before it", "What are the criteria of the GS5101 Research Immersion Module?", module,
			"Attendance of the workshop; Completion of two lab rotations with two ISEP-approved supervisors; Submission of two lab rotation reports", 4},
		{"colon, kind not named", "What are the requirements of the GS5101 Research Immersion Module?", module, "", 0},
		{"kind not asked", "What are the questions of the inspection?", kit, "", 0},
		{"no list asked", "How many parts does the box hold?", kit, "", 0},
		{"too little of the question", "What are the parts of the engine's fuel pump and its drive?", kit, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := ReadList(tt.q, []Source{{Doc: "d.pdf", Page: 3, Text: tt.text}})
			if ok != (tt.answer != "") || r.Answer != tt.answer || len(r.Quotes) != tt.quotes {
				t.Fatalf("ReadList(%q) = %q with %d quotes, %v; want %q with %d", tt.q, r.Answer, len(r.Quotes), ok, tt.answer, tt.quotes)
			}
			for _, q := range r.Quotes {
				if !strings.Contains(oneLine(tt.text), q.Text) {
					t.Errorf("quote %q is not in the page", q.Text)
				}
			}
		})
	}
}

func TestListItems(t *testing.T) {
	text := "Intro:\n• First item\n  runs on\n• Second item\nNot an item\n• Third\n"
	tests := []struct {
		n         int
		questions bool
		want      []string
	}{
		{0, false, []string{"First item runs on", "Second item Not an item", "Third"}},
		{2, false, []string{"First item runs on", "Second item Not an item"}},
		{0, true, nil},
	}
	for _, tt := range tests {
		got := listItems(text, len("Intro:\n"), tt.n, tt.questions)
		if !cmp.Equal(got, tt.want) {
			t.Errorf("listItems(n=%d, questions=%v) = %q; want %q", tt.n, tt.questions, got, tt.want)
		}
	}
}

func FuzzReadList(f *testing.F) {
	f.Add("List the questions asked.", "We ask the following two questions:\nIs it safe?\nIs it kind?\n")
	f.Add("What are the parts?", "The parts:\n1. A\n2. B\n")
	f.Fuzz(func(t *testing.T, q, text string) {
		r, ok := ReadList(q, []Source{{Doc: "d.pdf", Page: 1, Text: text}})
		if !ok {
			return
		}
		if len(r.Quotes) < 3 || r.Answer == "" {
			t.Fatalf("ReadList(%q) = %+v", q, r)
		}
		for _, qt := range r.Quotes {
			if !strings.Contains(oneLine(text), qt.Text) {
				t.Fatalf("quote %q is not in the page", qt.Text)
			}
		}
	})
}
