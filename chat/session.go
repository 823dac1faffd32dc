// Package chat holds docqa's conversations: a [Session] takes the user's
// lines one at a time and returns replies, routing each line
// deterministically first (slash commands, replies to pending options,
// questions about the conversation, time, arithmetic, live-web requests)
// and sending only document questions to search and the answer engine.
// It has no terminal code: the REPL lives in main.
package chat

import (
	"context"
	"errors"
	"strings"
	"time"

	"docqa/answer"
	"docqa/cache"
	"docqa/ingest"
	"docqa/search"
)

// Kinds of [Reply].
const (
	KindAnswer     = "answer"       // a document answer
	KindOptions    = "options"      // numbered options to pick from
	KindClarify    = "clarify"      // docqa needs the user to say more
	KindContext    = "context"      // answered from the conversation itself
	KindGeneral    = "general"      // time, date or arithmetic
	KindOutOfScope = "out_of_scope" // live web information
	KindCommand    = "command"      // the result of a slash command
	KindError      = "error"        // the turn failed; Err says why
	KindExit       = "exit"         // the user ended the session
)

// WebReply is the fixed answer to requests for live web information.
const WebReply = "I can help with your documents and this conversation. For live web info, use a web search."

// Option is one numbered choice shown to the user.
type Option struct {
	Index    int    `json:"index"` // 1-based
	Label    string `json:"label"`
	Sublabel string `json:"sublabel,omitempty"`
	Type     string `json:"type"` // "document"
}

// Reply is the session's answer to one line.
type Reply struct {
	Kind    string         `json:"kind"`
	Text    string         `json:"text"`
	Answer  *answer.Answer `json:"answer,omitempty"`
	Options []Option       `json:"options,omitempty"`
	Err     error          `json:"-"`
	Save    bool           `json:"-"` // /save: the caller saves the session now
}

// Turn is one exchange of the conversation.
type Turn struct {
	User      string            `json:"user"`
	Reply     string            `json:"reply"`
	Kind      string            `json:"kind"`
	Citations []answer.Citation `json:"citations,omitempty"`
	At        time.Time         `json:"at"`
}

// Config is what a session needs from the outside.
type Config struct {
	// Ask answers a document question; answer.Ask over the index is one.
	Ask func(ctx context.Context, req answer.Request) (*answer.Answer, error)
	// Rank ranks the pages of the whole index for a question; it tells
	// when a question matches several documents about equally. Nil: never
	// ask which document.
	Rank func(ctx context.Context, q string) ([]search.PageHit, error)
	// Docs lists the indexed documents, for /docs.
	Docs func() []string
	// Resolve maps a name the user typed to an indexed document, for /scope.
	Resolve func(name string) (string, error)
	// Attach reads a file for /attach.
	Attach func(ctx context.Context, path string) (*ingest.Attachment, error)
	// Request holds the defaults of every document question: model,
	// prompts, budget, search mode, step and token hooks.
	Request answer.Request
	// Now is the clock (nil: time.Now).
	Now func() time.Time
	// Trace receives the routing decisions (and is passed on to Ask).
	Trace func(answer.Event)
	// MaxTurns bounds the history kept (zero: 20).
	MaxTurns int
}

// Session is one conversation. It is not safe for concurrent use: a chat
// handles one line at a time.
type Session struct {
	cfg         Config
	turns       []Turn
	pending     *PendingQuestion
	lastOptions []Option
	// lastList is the list docqa answered with last: the options it
	// offered, or the items of an answer given as a list
	lastList []string
	// picked is the question last answered in a picked option
	picked      *lastPick
	hinted      bool
	scope       []string
	attachments []*ingest.Attachment
	cache       *cache.Session
}

// PendingQuestion is a question waiting for the user to pick one of its options.
type PendingQuestion struct {
	Question string   `json:"question"`
	Options  []Option `json:"options"`
}

// New starts a session.
func New(cfg Config) *Session {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxTurns <= 0 {
		cfg.MaxTurns = 20
	}
	return &Session{cfg: cfg, cache: cache.New(cfg.Now)}
}

// Handle routes one line and returns the reply. A failed turn is a reply
// of kind [KindError]; the session goes on.
func (s *Session) Handle(ctx context.Context, line string) *Reply {
	line = strings.TrimSpace(line)
	r, route := s.route(ctx, line)
	s.trace("route", map[string]any{"route": route, "kind": r.Kind})
	if r.Err != nil && errors.Is(r.Err, context.Canceled) {
		return r // a cancelled answer leaves no turn behind
	}
	t := Turn{User: line, Reply: r.Text, Kind: r.Kind, At: s.cfg.Now()}
	if r.Answer != nil {
		t.Citations = r.Answer.Citations
	}
	switch items := listOf(r.Answer); {
	case r.Kind == KindOptions:
		s.lastList = nil
		for _, o := range r.Options {
			s.lastList = append(s.lastList, o.Label)
		}
	case len(items) > 0:
		s.lastList = items
	}
	if r.Kind != KindExit {
		s.turns = append(s.turns, t)
		if len(s.turns) > s.cfg.MaxTurns {
			s.turns = s.turns[len(s.turns)-s.cfg.MaxTurns:]
		}
	}
	return r
}

// route picks the handler of a line, rules first (commands, picks,
// questions about the conversation, clock, arithmetic, web requests),
// then the documents, and names the route for the trace.
func (s *Session) route(ctx context.Context, line string) (*Reply, string) {
	if line == "" {
		return &Reply{Kind: KindClarify, Text: "Ask a question about your documents, or type /help."}, "empty"
	}
	if strings.HasPrefix(line, "/") {
		return s.command(ctx, line), "command"
	}
	if s.pending != nil {
		if r, ok := s.selection(ctx, line); ok {
			return r, "select_option"
		}
	} else if _, ok := ParseOrdinal(line); ok {
		return &Reply{Kind: KindClarify, Text: "There are no options to pick from right now; ask a question about your documents."}, "select_option"
	}
	// A question about the conversation ("is X in the list?") keeps the
	// options; any other request clears them.
	if r, ok := s.fromConversation(line); ok {
		return r, "answer_from_context"
	}
	if r, ok := s.otherOne(ctx, line); ok {
		return r, "select_option"
	}
	s.pending = nil
	if r, ok := s.summaryWithoutModel(line); ok {
		return r, "needs_model"
	}
	if r, ok := s.general(line); ok {
		return r, "general"
	}
	return s.document(ctx, line, nil), "document"
}

func (s *Session) trace(stage string, fields map[string]any) {
	if s.cfg.Trace != nil {
		s.cfg.Trace(answer.Event{Stage: stage, At: s.cfg.Now(), Fields: fields})
	}
}

// Turns returns the conversation so far, oldest first.
func (s *Session) Turns() []Turn { return append([]Turn(nil), s.turns...) }

// Pending returns the options waiting for a pick, if any.
func (s *Session) Pending() []Option {
	if s.pending == nil {
		return nil
	}
	return s.pending.Options
}

// lastAnswer returns the most recent answer from the documents.
func (s *Session) lastAnswer() (Turn, bool) {
	for i := len(s.turns) - 1; i >= 0; i-- {
		if s.turns[i].Kind == KindAnswer {
			return s.turns[i], true
		}
	}
	return Turn{}, false
}

// substantive returns the replies that said something, newest first: not
// the ones about the conversation itself, nor commands.
func (s *Session) substantive() []Turn {
	var out []Turn
	for i := len(s.turns) - 1; i >= 0; i-- {
		switch s.turns[i].Kind {
		case KindAnswer, KindOptions, KindGeneral, KindOutOfScope:
			out = append(out, s.turns[i])
		}
	}
	return out
}
