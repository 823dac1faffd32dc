package chat

import (
	"fmt"
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
)

var (
	reInList     = lazyre.New(`(?i)^(?:is|are|was|were)\s+(.+?)\s+(?:in|on|among|one of|part of)\s+(?:the|that|this|your|those|these)?\s*(list|options|choices|sources|results|documents)\b`)
	reBeforeThat = lazyre.New(`(?i)\bwhat did you say (before|earlier than) (that|this)\b|^and before that\b`)
	reJustSaid   = lazyre.New(`(?i)\bwhat did you (just )?say\b|\bwhat was (your|the) last answer\b|^(say that again|repeat that|come again)\b`)
	reWhichPage  = lazyre.New(`(?i)\b(which|what) (page|pages|document|doc|file|source)s?\b.*\b(that|it|this)\b|\bwhere (was|is|did) (that|it|this)\b.*\bfrom\b`)
	reFromChat   = lazyre.New(`(?i)\b(?:from|in) (?:the|this|our) (?:chat|conversation)\b|\b(?:from|in) chat\b|\b(?:earlier|before) in (?:the|this|our) (?:chat|conversation)\b`)
	reTime       = lazyre.New(`(?i)\bwhat(\s+is|'s)?\s+(the\s+)?(current\s+)?time\b|\btime is it\b`)
	reDate       = lazyre.New(`(?i)\bwhat(\s+is|'s)\s+(the\s+|today's\s+)?date\b|\bwhat day is (it|today)\b|\btoday's date\b`)
	reWeb        = lazyre.New(`(?i)\b(weather|forecast|news|headlines?|stock (price|market)|share price|exchange rate|bitcoin|crypto|live score|traffic)\b|\bscore of (the|last|tonight)\b|\bwho won (the|last|tonight)\b`)
)

// fromConversation answers questions about the conversation itself
// (answer_from_context): what is in the list shown, a question scoped to
// the conversation ("from our chat, …"), what was just said, which page
// that was from, what was said before that (the need_context path: older
// turns fetched once).
func (s *Session) fromConversation(line string) (*Reply, bool) {
	say := func(text string) (*Reply, bool) { return &Reply{Kind: KindContext, Text: text}, true }
	if m := reInList.FindStringSubmatch(line); m != nil {
		return say(s.inList(m[1], strings.ToLower(m[2])))
	}
	if reFromChat.MatchString(line) {
		return say(s.fromChat(reFromChat.ReplaceAllString(line, " ")))
	}
	if reBeforeThat.MatchString(line) {
		s.trace("need_context", map[string]any{"request": "older turns", "fetched": min(len(s.turns), s.cfg.MaxTurns)})
		subs := s.substantive()
		if len(subs) < 2 {
			return say("I haven't said anything before that in this conversation.")
		}
		return say("Before that I said:\n" + subs[1].Reply)
	}
	if reJustSaid.MatchString(line) {
		subs := s.substantive()
		if len(subs) == 0 {
			return say("I haven't said anything yet in this conversation.")
		}
		return say("I said:\n" + subs[0].Reply)
	}
	if reWhichPage.MatchString(line) {
		t, ok := s.lastAnswer()
		switch {
		case !ok:
			return say("I haven't answered from a document yet in this conversation.")
		case len(t.Citations) == 0:
			return say("My last answer cited no page.")
		}
		var parts []string
		for _, c := range t.Citations {
			parts = append(parts, fmt.Sprintf("p. %d of %s", c.Page, c.Doc))
		}
		return say("That was from " + strings.Join(unique(parts), " and ") + ".")
	}
	return nil, false
}

// fromChat answers a question scoped to the conversation ("from our
// chat, what was the oil limit?"): the newest reply that, with its
// question, shares the most words with q. The documents are not searched.
func (s *Session) fromChat(q string) string {
	words := strings.Fields(strings.ToLower(inquiry.KeyWords(q)))
	s.trace("need_context", map[string]any{"request": "conversation", "fetched": len(s.turns)})
	best, bestN := Turn{}, 0
	for _, t := range s.substantive() { // newest first: ties keep the newest
		have := " " + strings.Join(contentWords(t.User+" "+t.Reply), " ") + " "
		n := 0
		for _, w := range words {
			if strings.Contains(have, " "+w+" ") {
				n++
			}
		}
		if n > bestN {
			best, bestN = t, n
		}
	}
	if bestN == 0 {
		return "I don't find that in this conversation."
	}
	return fmt.Sprintf("Earlier in this conversation you asked %q, and I said:\n%s", best.User, best.Reply)
}

// inList answers "is X in the list?" from the list docqa answered with
// last, the options it offered or the items of an answer (or the last
// answer's sources), naming the ones shown when X is not there.
func (s *Session) inList(x, list string) string {
	var shown []string
	if list == "sources" {
		t, _ := s.lastAnswer()
		for _, c := range t.Citations {
			shown = append(shown, fmt.Sprintf("%s p. %d", c.Doc, c.Page))
		}
	} else {
		shown = s.lastList // the options offered or the list answered, whichever came last
		if shown == nil {
			for _, o := range s.lastOptions { // a session saved before lastList
				shown = append(shown, o.Label)
			}
		}
	}
	shown = unique(shown)
	if len(shown) == 0 {
		return "I haven't shown a list in this conversation yet."
	}
	want := strings.Join(contentWords(x), " ")
	for i, name := range shown {
		have := " " + strings.Join(contentWords(name), " ") + " "
		if want != "" && (strings.Contains(have, " "+want+" ") || strings.Contains(" "+want+" ", have)) {
			return fmt.Sprintf("Yes, %s is number %d in the list.", name, i+1)
		}
	}
	if len(shown) == 1 {
		return fmt.Sprintf("No, only %s.", shown[0])
	}
	return fmt.Sprintf("No, only %s and %s.", strings.Join(shown[:len(shown)-1], ", "), shown[len(shown)-1])
}

// general answers what needs no documents: the time and date from the
// clock, arithmetic with the local evaluator, and the fixed reply to
// requests for live web information.
func (s *Session) general(line string) (*Reply, bool) {
	now := s.cfg.Now()
	switch {
	case reWeb.MatchString(line):
		return &Reply{Kind: KindOutOfScope, Text: WebReply}, true
	case reTime.MatchString(line):
		return &Reply{Kind: KindGeneral, Text: "It is " + now.Format("15:04") + " on " + now.Format("Monday, 2 January 2006") + " (this computer's clock)."}, true
	case reDate.MatchString(line):
		return &Reply{Kind: KindGeneral, Text: "Today is " + now.Format("Monday, 2 January 2006") + "."}, true
	}
	if expr, ok := MathExpr(line); ok {
		v, err := Eval(expr)
		if err != nil {
			msg := err.Error()
			for _, p := range []error{ErrNotMath, ErrMathDomain} {
				msg = strings.TrimPrefix(msg, p.Error()+": ")
			}
			return &Reply{Kind: KindGeneral, Text: "I can't compute that: " + msg + "."}, true
		}
		return &Reply{Kind: KindGeneral, Text: expr + " = " + FormatNumber(v)}, true
	}
	return nil, false
}

func unique(xs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
