package chat

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"docqa/answer"
	"docqa/prompts"
)

// What a session asks a model, when one answers: which pending option a free-form reply picks, and static
// general knowledge that the documents lack, labelled as such. Rules go
// first; a model that fails or says nothing usable leaves the rules'
// answer standing. (A follow-up is restated as a standalone query by the
// model planner, in the answer engine.)

// GeneralLabel introduces an answer from the model's general knowledge.
const GeneralLabel = "From general knowledge, not from your documents:"

// selectFormat is the JSON schema of select.tmpl's reply.
var selectFormat = json.RawMessage(`{"type":"object","properties":{"option_index":{"type":"integer"},"option_label":{"type":"string"}},"required":["option_index"]}`)

// Token caps of the session's model calls: a pick is a short JSON
// object, general knowledge at most three sentences.
const (
	selectTokens  = 48
	generalTokens = 200
)

// model returns the session's model and prompts, or nil when the
// extractive engine answers.
func (s *Session) model() (answer.Generator, *prompts.Set) {
	if s.cfg.Request.Model == nil || s.cfg.Request.Prompts == nil {
		return nil, nil
	}
	return s.cfg.Request.Model, s.cfg.Request.Prompts
}

// selectByModel asks the model which option line picks. A model error
// other than cancellation counts as no pick.
func (s *Session) selectByModel(ctx context.Context, line string, opts []Option) (Option, bool, error) {
	m, ps := s.model()
	if m == nil {
		return Option{}, false, nil
	}
	data := prompts.SelectData{Reply: line}
	for _, o := range opts {
		data.Options = append(data.Options, prompts.SelectOption{Index: o.Index, Label: o.Label, Sublabel: o.Sublabel})
	}
	prompt, err := ps.Select(data)
	if err != nil {
		return Option{}, false, err
	}
	reply, err := m.Generate(ctx, answer.Generation{Messages: []answer.Message{{Role: "user", Content: prompt}}, Format: selectFormat, MaxTokens: selectTokens})
	if errors.Is(err, context.Canceled) {
		return Option{}, false, err
	}
	o, ok := Option{}, false
	if err == nil {
		o, ok = ParseSelect(reply, opts)
	}
	s.trace("select_model", map[string]any{"picked": ok, "index": o.Index, "error": answer.ErrText(err)})
	return o, ok, nil
}

// ParseSelect reads select.tmpl's reply: {"option_index": N} picks
// option N; {"option_label": "..."} picks the option of that label (case
// and ".pdf" aside). Anything else, an index out of range included,
// picks nothing: the model can only choose among the options shown.
func ParseSelect(reply string, opts []Option) (Option, bool) {
	i, j := strings.IndexByte(reply, '{'), strings.LastIndexByte(reply, '}')
	if i < 0 || j < i {
		return Option{}, false
	}
	var v struct {
		Index any    `json:"option_index"`
		Label string `json:"option_label"`
	}
	if json.Unmarshal([]byte(reply[i:j+1]), &v) != nil {
		return Option{}, false
	}
	if f, ok := v.Index.(float64); ok && f == float64(int(f)) && int(f) >= 1 && int(f) <= len(opts) {
		return opts[int(f)-1], true
	}
	want := labelKey(v.Label)
	if want == "" {
		return Option{}, false
	}
	for _, o := range opts {
		if labelKey(o.Label) == want {
			return o, true
		}
	}
	return Option{}, false
}

func labelKey(s string) string {
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), ".pdf")
}

// generalKnowledge asks the model for static knowledge the documents
// lack. It returns "" when the model declines (NONE), fails or says
// nothing usable.
func (s *Session) generalKnowledge(ctx context.Context, q string) (string, error) {
	m, ps := s.model()
	if m == nil {
		return "", nil
	}
	prompt, err := ps.General(prompts.GeneralData{Question: q})
	if err != nil {
		return "", err
	}
	reply, err := m.Generate(ctx, answer.Generation{Messages: []answer.Message{{Role: "user", Content: prompt}}, MaxTokens: generalTokens})
	if errors.Is(err, context.Canceled) {
		return "", err
	}
	text := ""
	if err == nil {
		text = ParseGeneral(reply)
	}
	s.trace("general_knowledge", map[string]any{"answered": text != "", "error": answer.ErrText(err)})
	return text, nil
}

// maxGeneral caps a general-knowledge answer, in bytes.
const maxGeneral = 600

// ParseGeneral reads general.tmpl's reply: the answer on one line, with
// only printable characters ([answer.Printable]), cut to about 600 bytes
// on a word; "" when the model declined (a reply starting NONE) or said
// nothing.
func ParseGeneral(reply string) string {
	text := strings.Join(strings.Fields(strings.Map(answer.Printable, reply)), " ")
	head := strings.ToUpper(strings.TrimLeft(text, "*_`\"' "))
	if text == "" || strings.HasPrefix(head, "NONE") {
		return ""
	}
	return snippet(text, maxGeneral)
}
