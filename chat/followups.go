package chat

import (
	"context"
	"strings"

	"docqa/answer"
	"docqa/internal/lazyre"
)

// Follow-ups that lean on what the session showed last: the option not
// picked, the list last answered with, a summary asked without a model.

var (
	// reOtherOne asks the question just answered of the option not
	// picked: "and the other one?", "what about the other document".
	reOtherOne = lazyre.New(`(?i)^(?:and|but|so|what about|how about)?\s*(?:in\s+|for\s+)?the other(?: one| document| doc| file| pdf)?\s*[?.!]*$`)
	// reSummarise asks for a summary: "summarise that", "sum it up",
	// "give me a summary of chapter 2", "tl;dr".
	reSummarise = lazyre.New(`(?i)^(?:(?:can|could) you\s+|please\s+)?(?:summari[sz]e|sum (?:it|that|this|them) up|give (?:me )?(?:a |an )?(?:summary|overview)|tl;?dr)\b`)
)

// SummaryReply is what a summary asked without a model gets: the
// extractive engine quotes, it does not write one.
const SummaryReply = "Summaries need a language model: the extractive engine quotes sentences, it does not write new ones. " +
	"Start Ollama (ollama serve; ollama pull llama3.2) and chat with docqa --engine ollama chat, " +
	"or use a server of the OpenAI API with --engine openai --base-url URL. Without one, ask about something the document states."

// OtherDocHint follows the documents offered for a question about one
// document as a whole: the one meant may not be among them.
const OtherDocHint = "Or name another: ask again with its file name, or /scope NAME first (/docs lists them)."

// lastPick is the question last answered in an option the user picked,
// and the options it was picked from.
type lastPick struct {
	Question string   `json:"question"`
	Options  []Option `json:"options"`
	Picked   int      `json:"picked"` // the option's Index
}

// otherOne answers "and the other one?" after a pick of two options: the
// same question in the option not picked. Of more than two, the rest are
// offered again.
func (s *Session) otherOne(ctx context.Context, line string) (*Reply, bool) {
	if s.picked == nil || !reOtherOne.MatchString(strings.TrimSpace(line)) {
		return nil, false
	}
	var rest []Option
	for _, o := range s.picked.Options {
		if o.Index != s.picked.Picked {
			rest = append(rest, o)
		}
	}
	switch len(rest) {
	case 0:
		return nil, false
	case 1:
		s.trace("select_option", map[string]any{"index": rest[0].Index, "label": rest[0].Label, "by": "the other one", "model_calls": 0})
		return s.document(ctx, s.picked.Question, []string{rest[0].Label}), true
	}
	for i := range rest {
		rest[i].Index = i + 1
	}
	return s.offer(s.picked.Question, rest), true
}

// summaryWithoutModel answers a request for a summary when no model is
// on; nil when one is, or the line asks for none.
func (s *Session) summaryWithoutModel(line string) (*Reply, bool) {
	if m, _ := s.model(); m != nil || !reSummarise.MatchString(strings.TrimSpace(line)) {
		return nil, false
	}
	return &Reply{Kind: KindClarify, Text: SummaryReply}, true
}

// listOf returns the items of an answer given as a list: its lines, or
// its parts between semicolons, each without its bullet or number; nil
// for an answer of one item.
func listOf(a *answer.Answer) []string {
	if a == nil || a.Status != answer.StatusAnswered {
		return nil
	}
	text := strings.TrimSpace(a.Answer)
	parts := strings.Split(text, "\n")
	if len(parts) < 2 {
		parts = strings.Split(text, ";")
	}
	var out []string
	for _, p := range parts {
		p = strings.TrimSpace(reItemMark.ReplaceAllString(strings.TrimSpace(p), ""))
		if p != "" {
			out = append(out, p)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// reItemMark is a list item's bullet or number.
var reItemMark = lazyre.New(`^(?:[-•*–·]|\(?\d{1,3}[.)]|\(?[a-z][.)])\s+`)
