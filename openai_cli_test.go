package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// A model's reply that quotes the handbook, the citation docqa prints
// for it, and a reply that invents its quote.
const (
	trueReply = `[CITATION]: "The maximum oil temperature is 110 degrees Celsius in all phases of flight." (ae300-handbook.pdf, p. 4)
[ANSWER]: 110 degrees Celsius.
[EXPLANATION]: The operating limits state it.`
	trueCitation  = `[CITATION]: "The maximum oil temperature is 110 degrees Celsius in all phases of flight." (ae300-handbook.pdf, p. 4)`
	inventedReply = `[CITATION]: "The maximum oil temperature is 300 degrees Celsius." (ae300-handbook.pdf, p. 4)
[ANSWER]: 300 degrees Celsius.
[EXPLANATION]: Made up.`
)

// TestOpenAIVerifiedCitation: through the openai engine, a server whose
// model quotes the handbook gets docqa's verified citation, and one whose
// model invents a quote gets none (issue 22). The server is a fake, for
// the edge cases; TestRealOpenAI runs the same replies on a real server.
func TestOpenAIVerifiedCitation(t *testing.T) {
	index := filepath.Join(t.TempDir(), "index")
	docqa := func(args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		code := run(context.Background(), append([]string{"docqa", "--index", index}, args...), strings.NewReader(""), &out, &errOut)
		return code, out.String(), errOut.String()
	}
	if code, _, e := docqa("-q", "ingest", "testdata/pdfs"); code != 0 {
		t.Fatalf("ingest: %d %s", code, e)
	}
	tests := []struct {
		name, reply, want string
	}{
		{"a true quote", trueReply, trueCitation},
		{"an invented quote", inventedReply, "[ANSWER]: Not found in provided context."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch r.URL.Path {
				case "/v1/models/tiny":
					w.Header().Set("Content-Type", "application/json")
					io.WriteString(w, `{"id":"tiny","object":"model","created":1,"owned_by":"test"}`)
				case "/v1/chat/completions":
					w.Header().Set("Content-Type", "text/event-stream")
					fmt.Fprintf(w, "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"tiny\",\"choices\":[{\"index\":0,\"delta\":{\"content\":%q},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n", tt.reply)
				default:
					http.NotFound(w, r)
				}
			}))
			defer srv.Close()
			code, out, errOut := docqa("--engine", "openai", "--base-url", srv.URL+"/v1", "--model", "tiny", "ask", "--planner", "rules", "What is the maximum oil temperature?")
			if code != 0 || !strings.Contains(out, tt.want) || strings.Contains(out, "unverified") {
				t.Errorf("exit %d, want %q in:\n%s\n%s", code, tt.want, out, errOut)
			}
		})
	}
}
