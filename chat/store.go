package chat

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"docqa/ingest"
)

// RecordVersion is the version of the saved-session format.
const RecordVersion = 1

// Errors of [Load].
var (
	ErrNoSession     = errors.New("no saved session")
	ErrRecordVersion = errors.New("saved session of an unknown version")
)

// Record is a session as saved to disk: the conversation, the options
// waiting for a pick, the scope, and the attachments with provenance
// (their text is read again from their paths on resume).
type Record struct {
	Version     int                  `json:"version"`
	ID          string               `json:"id"`
	Started     time.Time            `json:"started"`
	Updated     time.Time            `json:"updated"`
	Turns       []Turn               `json:"turns"`
	Pending     *PendingQuestion     `json:"pending,omitempty"`
	LastOptions []Option             `json:"last_options,omitempty"`
	LastList    []string             `json:"last_list,omitempty"`
	LastPick    *lastPick            `json:"last_pick,omitempty"`
	Hinted      bool                 `json:"hinted,omitempty"`
	Scope       []string             `json:"scope,omitempty"`
	Attachments []*ingest.Attachment `json:"attachments,omitempty"`
}

// NewID names a new session: its start time and a random suffix.
func NewID(now time.Time) string {
	b := make([]byte, 3)
	rand.Read(b)
	return now.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b)
}

// Record returns the session's state for saving, stamped with id and
// started.
func (s *Session) Record(id string, started time.Time) Record {
	return Record{
		Version: RecordVersion, ID: id, Started: started, Updated: s.cfg.Now(),
		Turns: s.Turns(), Pending: s.pending, LastOptions: s.lastOptions, LastList: s.lastList, LastPick: s.picked, Hinted: s.hinted,
		Scope: s.scope, Attachments: s.attachments,
	}
}

// Restore puts a saved session's state back. The attachments given are
// those read again from the record's paths.
func (s *Session) Restore(r Record, attachments []*ingest.Attachment) {
	s.turns, s.pending, s.lastOptions, s.hinted = r.Turns, r.Pending, r.LastOptions, r.Hinted
	s.lastList, s.picked = r.LastList, r.LastPick
	s.scope, s.attachments = r.Scope, attachments
}

// Save writes r to dir/ID.json (mode 0600, the folder 0700), atomically.
func Save(dir string, r Record) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("save session: %w", err)
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("save session: %w", err)
	}
	return ingest.WriteFileAtomic(filepath.Join(dir, r.ID+".json"), append(data, '\n'))
}

// Load reads the session id from dir; an empty id means the most recent.
func Load(dir, id string) (Record, error) {
	if id == "" {
		all, err := List(dir)
		if err != nil {
			return Record{}, err
		}
		if len(all) == 0 {
			return Record{}, ErrNoSession
		}
		return all[0], nil
	}
	if strings.ContainsAny(id, `/\`) || strings.HasPrefix(id, ".") {
		return Record{}, fmt.Errorf("load session %q: %w", id, ErrNoSession)
	}
	data, err := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(id, ".json")+".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return Record{}, fmt.Errorf("load session %q: %w", id, ErrNoSession)
	}
	if err != nil {
		return Record{}, fmt.Errorf("load session %q: %w", id, err)
	}
	return decode(id, data)
}

func decode(name string, data []byte) (Record, error) {
	var r Record
	if err := json.Unmarshal(data, &r); err != nil {
		return Record{}, fmt.Errorf("load session %s: %w", name, err)
	}
	if r.Version != RecordVersion {
		return Record{}, fmt.Errorf("load session %s: %w %d", name, ErrRecordVersion, r.Version)
	}
	return r, nil
}

// Title is what names the session in a list: its first question, not a
// command ("/reset", "/scope ...") or an empty line; "" when it has none.
func (r *Record) Title() string {
	for _, t := range r.Turns {
		if u := strings.TrimSpace(t.User); u != "" && !strings.HasPrefix(u, "/") {
			return u
		}
	}
	return ""
}

// List reads every saved session in dir, most recently updated first,
// skipping files that do not parse.
func List(dir string) ([]Record, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	var out []Record
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		if r, err := decode(e.Name(), data); err == nil {
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Updated.After(out[j].Updated) })
	return out, nil
}
