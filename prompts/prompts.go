// Package prompts holds docqa's prompt sheets: text templates embedded in
// the binary and rendered from typed data, one function per sheet. A
// folder of the user's (see [Load]) can replace any sheet by name, so the
// wording can change without a new build.
//
// The sheets:
//
//	system.tmpl    the rules every answer follows
//	answer.tmpl    context, question, options and earlier turns -> [AnswerData]
//	retry.tmpl     the corrective retry after unverifiable quotes -> [RetryData]
//	decision.tmpl  the JSON decision of the bounded context loop -> [DecisionData]
//	plan.tmpl      sub-questions for the multi-stage search -> [PlanData]
//	select.tmpl    which pending option a free-form reply picks -> [SelectData]
//	general.tmpl   static general knowledge the documents lack -> [GeneralData]
package prompts

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/template"
)

//go:embed *.tmpl
var embedded embed.FS

// ErrUnknownSheet means a prompt folder holds a .tmpl file that is not the
// name of a sheet, most likely a typo that would silently change nothing.
var ErrUnknownSheet = errors.New("unknown prompt sheet")

// Names lists the sheets, as file names.
func Names() []string {
	return []string{"answer.tmpl", "decision.tmpl", "general.tmpl", "plan.tmpl", "retry.tmpl", "select.tmpl", "system.tmpl"}
}

// Set is a parsed set of sheets. It is safe for concurrent use.
type Set struct {
	t      *template.Template
	source map[string]string // sheet -> "embedded" or the file it came from
}

// Load parses the embedded sheets, each replaced by the file of the same
// name in dir when dir is not empty and has one. Templates fail on a
// missing key instead of printing "<no value>".
func Load(dir string) (*Set, error) {
	s := &Set{t: template.New("").Option("missingkey=error").Funcs(funcs), source: map[string]string{}}
	over := map[string]string{}
	if dir != "" {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("read prompt folder: %w", err)
		}
		for _, e := range entries {
			if e.IsDir() || filepath.Ext(e.Name()) != ".tmpl" {
				continue
			}
			if !slices.Contains(Names(), e.Name()) {
				return nil, fmt.Errorf("%w %s in %s (sheets: %s)", ErrUnknownSheet, e.Name(), dir, strings.Join(Names(), ", "))
			}
			over[e.Name()] = filepath.Join(dir, e.Name())
		}
	}
	for _, name := range Names() {
		var text []byte
		var err error
		if path, ok := over[name]; ok {
			text, err = os.ReadFile(path)
			s.source[name] = path
		} else {
			text, err = fs.ReadFile(embedded, name)
			s.source[name] = "embedded"
		}
		if err != nil {
			return nil, fmt.Errorf("read prompt %s: %w", name, err)
		}
		if _, err := s.t.New(name).Parse(string(text)); err != nil {
			return nil, fmt.Errorf("parse prompt %s: %w", s.source[name], err)
		}
	}
	return s, nil
}

// Source tells where a sheet came from: "embedded" or a file path.
func (s *Set) Source(name string) string { return s.source[name] }

var funcs = template.FuncMap{"inc": func(i int) int { return i + 1 }}

func (s *Set) render(name string, data any) (string, error) {
	var b bytes.Buffer
	if err := s.t.ExecuteTemplate(&b, name, data); err != nil {
		return "", fmt.Errorf("render prompt %s: %w", s.source[name], err)
	}
	return b.String(), nil
}

// Turn is an earlier question and answer of a conversation.
type Turn struct {
	Question string
	Answer   string
}

// AnswerData fills answer.tmpl.
type AnswerData struct {
	Question string
	Options  []string
	History  []Turn
	Context  string
}

// RetryData fills retry.tmpl.
type RetryData struct {
	Rejected []string // the quotes that did not verify
}

// EvidenceType is one kind of evidence the bounded context loop may
// fetch.
type EvidenceType struct {
	Name        string
	Description string
}

// DecisionData fills decision.tmpl.
type DecisionData struct {
	Question        string
	Context         string
	ContractVersion int
	MaxTypes        int
	EvidenceTypes   []EvidenceType
}

// PlanData fills plan.tmpl.
type PlanData struct {
	Question string
	Options  []string
	History  []string
	Max      int
}

// SelectOption is one numbered option shown to the user.
type SelectOption struct {
	Index    int
	Label    string
	Sublabel string
}

// SelectData fills select.tmpl.
type SelectData struct {
	Options []SelectOption
	Reply   string
}

// GeneralData fills general.tmpl.
type GeneralData struct {
	Question string
}

// System renders system.tmpl.
func (s *Set) System() (string, error) { return s.render("system.tmpl", nil) }

// Answer renders answer.tmpl.
func (s *Set) Answer(d AnswerData) (string, error) { return s.render("answer.tmpl", d) }

// Retry renders retry.tmpl.
func (s *Set) Retry(d RetryData) (string, error) { return s.render("retry.tmpl", d) }

// Decision renders decision.tmpl.
func (s *Set) Decision(d DecisionData) (string, error) { return s.render("decision.tmpl", d) }

// Plan renders plan.tmpl.
func (s *Set) Plan(d PlanData) (string, error) { return s.render("plan.tmpl", d) }

// Select renders select.tmpl.
func (s *Set) Select(d SelectData) (string, error) { return s.render("select.tmpl", d) }

// General renders general.tmpl.
func (s *Set) General(d GeneralData) (string, error) { return s.render("general.tmpl", d) }
