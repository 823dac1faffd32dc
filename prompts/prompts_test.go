package prompts

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGolden renders every sheet from typed data and compares it with
// testdata/NAME.golden; -update rewrites them.
func TestGolden(t *testing.T) {
	s, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	ctx := "[ae300-handbook.pdf, p. 4]\nThe maximum oil temperature is 110 °C.\n"
	tests := []struct {
		name   string
		render func() (string, error)
	}{
		{"system", s.System},
		{"answer", func() (string, error) {
			return s.Answer(AnswerData{Question: "What is the maximum oil temperature?", Context: ctx})
		}},
		{"answer-followup-options", func() (string, error) {
			return s.Answer(AnswerData{Question: "And in cruise?", Context: ctx, Options: []string{"100 °C", "110 °C"},
				History: []Turn{{"What is the maximum oil temperature?", "110 °C."}}})
		}},
		{"retry", func() (string, error) { return s.Retry(RetryData{Rejected: []string{"Oil may reach 140 °C."}}) }},
		{"decision", func() (string, error) {
			return s.Decision(DecisionData{Question: "What is the TBO?", Context: ctx, ContractVersion: 1, MaxTypes: 2,
				EvidenceTypes: []EvidenceType{{"adjacent_pages", "the pages next to those in the context"}, {"more_results", "the next best search results"}}})
		}},
		{"plan", func() (string, error) {
			return s.Plan(PlanData{Question: "Compare the TBO of the AE300 and the AE330", History: []string{"What is the TBO?"}, Max: 4})
		}},
		{"select", func() (string, error) {
			return s.Select(SelectData{Reply: "the one about the engine", Options: []SelectOption{
				{1, "ae300-handbook.pdf", "p. 4: The maximum oil temperature is 110 °C."}, {2, "ae330-handbook.pdf", ""}}})
		}},
		{"general", func() (string, error) { return s.General(GeneralData{Question: "What is the capital of France?"}) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.render()
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}

func TestOverride(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "system.tmpl"), []byte("Be brief."), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("ignored"), 0o644)
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := s.System(); got != "Be brief." {
		t.Errorf("overridden system sheet = %q", got)
	}
	if got, _ := s.Retry(RetryData{Rejected: []string{"x"}}); !strings.Contains(got, "not in the context word for word") {
		t.Errorf("retry sheet not the embedded one: %q", got)
	}
	if src := s.Source("system.tmpl"); src != filepath.Join(dir, "system.tmpl") {
		t.Errorf("Source = %q", src)
	}

	os.WriteFile(filepath.Join(dir, "anwser.tmpl"), []byte("typo"), 0o644)
	if _, err := Load(dir); !errors.Is(err, ErrUnknownSheet) {
		t.Errorf("folder with anwser.tmpl: %v, want ErrUnknownSheet", err)
	}
	os.Remove(filepath.Join(dir, "anwser.tmpl"))
	os.WriteFile(filepath.Join(dir, "answer.tmpl"), []byte("{{.Qestion}}"), 0o644)
	s, err = Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Answer(AnswerData{Question: "q"}); err == nil || !strings.Contains(err.Error(), "answer.tmpl") {
		t.Errorf("sheet naming a missing field: %v, want an error naming the file", err)
	}
	os.WriteFile(filepath.Join(dir, "answer.tmpl"), []byte("{{.Question"), 0o644)
	if _, err := Load(dir); err == nil {
		t.Error("broken template loaded")
	}
}
