package chat

import (
	"context"
	"fmt"
	"strings"
)

// Help is the text of /help.
const Help = `Ask a question about your documents; follow-ups ("and the minimum?") reuse the last answer's pages for five minutes.
Name a document ("in ae300-handbook.pdf") or pages ("pages 4-9") to search only there; "from our chat, ..." answers from this conversation.
When docqa shows numbered options, reply "first", "2" or "the last one".
Commands:
  /help           this text
  /docs           the indexed documents
  /sources        the quotes and pages of the last answer
  /scope NAME...  answer only from these documents; /scope alone shows it, /scope all clears it
  /attach FILE    answer from a PDF or text file too, without indexing it
  /reset          forget the conversation, options, scope and attachments
  /save           save the session now (it is also saved after every turn)
  /exit           end the session (or Ctrl-D)`

// command runs a slash command.
func (s *Session) command(ctx context.Context, line string) *Reply {
	name, arg, _ := strings.Cut(strings.TrimPrefix(line, "/"), " ")
	arg = strings.TrimSpace(arg)
	say := func(text string) *Reply { return &Reply{Kind: KindCommand, Text: text} }
	switch strings.ToLower(name) {
	case "help", "h", "?":
		return say(Help)
	case "exit", "quit", "q":
		return &Reply{Kind: KindExit, Text: "Bye."}
	case "docs":
		if s.cfg.Docs == nil || len(s.cfg.Docs()) == 0 {
			return say("No documents are indexed. Index some with: docqa ingest FOLDER")
		}
		return say("Indexed documents:\n  " + strings.Join(s.cfg.Docs(), "\n  "))
	case "sources":
		t, ok := s.lastAnswer()
		switch {
		case !ok:
			return say("No answer yet, so no sources.")
		case len(t.Citations) == 0:
			return say("The last answer cited nothing.")
		}
		var b strings.Builder
		for i, c := range t.Citations {
			fmt.Fprintf(&b, "%d. %q (%s, p. %d)\n", i+1, c.Quote, c.Doc, c.Page)
		}
		return say(strings.TrimRight(b.String(), "\n"))
	case "scope":
		return s.setScope(arg)
	case "reset":
		s.turns, s.pending, s.lastOptions, s.scope, s.attachments = nil, nil, nil, nil, nil
		s.lastList, s.picked = nil, nil
		s.cache.Clear()
		return say("Forgot the conversation, options, scope and attachments.")
	case "attach":
		if arg == "" || s.cfg.Attach == nil {
			return &Reply{Kind: KindClarify, Text: "Usage: /attach FILE (a PDF or a text file)"}
		}
		a, err := s.cfg.Attach(ctx, arg)
		if err != nil {
			return &Reply{Kind: KindError, Err: err}
		}
		s.attachments = append(s.attachments, a)
		return say(fmt.Sprintf("Attached %s (%s, %d page(s)); questions now read it too.", a.Name, a.Kind, len(a.Pages)))
	case "save":
		return &Reply{Kind: KindCommand, Save: true}
	}
	return &Reply{Kind: KindClarify, Text: fmt.Sprintf("Unknown command /%s. Type /help for the list.", name)}
}

func (s *Session) setScope(arg string) *Reply {
	say := func(text string) *Reply { return &Reply{Kind: KindCommand, Text: text} }
	switch strings.ToLower(arg) {
	case "":
		if len(s.scope) == 0 {
			return say("Scope: all documents.")
		}
		return say("Scope: " + strings.Join(s.scope, ", ") + ".")
	case "all", "clear", "none", "off":
		s.scope = nil
		return say("Scope: all documents.")
	}
	var names []string
	for _, w := range strings.Fields(arg) {
		name := w
		if s.cfg.Resolve != nil {
			n, err := s.cfg.Resolve(w)
			if err != nil {
				return &Reply{Kind: KindError, Err: err}
			}
			name = n
		}
		names = append(names, name)
	}
	s.scope = names
	s.pending = nil
	return say("Scope: " + strings.Join(names, ", ") + ". /scope all searches everything again.")
}
