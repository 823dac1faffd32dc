package chat

import "docqa/ingest"

// Reattached tells what became of one attachment of a resumed session:
// gone (Err set) or changed since it was attached.
type Reattached struct {
	Name    string
	Err     error
	Changed bool
}

// Reattach reads a resumed session's attachments again from their
// paths with load, and returns those still there: a changed file in its
// new version, an unchanged one keeping when it was attached. notes
// lists the attachments gone or changed, for the user to be told.
func Reattach(saved []*ingest.Attachment, load func(path string) (*ingest.Attachment, error)) (out []*ingest.Attachment, notes []Reattached) {
	for _, s := range saved {
		a, err := load(s.Path)
		switch {
		case err != nil:
			notes = append(notes, Reattached{Name: s.Name, Err: err})
		case a.SHA256 != s.SHA256:
			notes = append(notes, Reattached{Name: s.Name, Changed: true})
			out = append(out, a)
		default:
			a.Added = s.Added
			out = append(out, a)
		}
	}
	return out, notes
}
