package ingest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Walk expands files and folders into the PDF files below them (by the
// ".pdf" extension, any case), as absolute paths, sorted and without
// duplicates. A named file is taken whatever its extension, so a mistake
// shows up as a clear "not a PDF" error. A path that does not exist, or
// names a pipe, device or socket ([ErrNotRegular]), is an error naming it.
func Walk(paths []string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, fmt.Errorf("walk %s: %w", p, err)
		}
		info, err := os.Stat(abs)
		if err != nil {
			return nil, fmt.Errorf("walk %s: %w", p, pathError(err))
		}
		if !info.IsDir() {
			if !info.Mode().IsRegular() {
				// reading a FIFO blocks until a writer comes, /dev/zero
				// never ends
				return nil, fmt.Errorf("walk %s: %w", p, ErrNotRegular)
			}
			add(abs)
			continue
		}
		err = filepath.WalkDir(abs, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if path == abs {
					return err
				}
				return nil // an unreadable subfolder skips that subfolder
			}
			if d.IsDir() && path != abs && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".pdf") && d.Type().IsRegular() {
				add(path)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("walk %s: %w", p, pathError(err))
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("walk %s: %w", strings.Join(paths, ", "), ErrNoPDFs)
	}
	sort.Strings(out)
	return out, nil
}

// pathError drops the path that os errors repeat, keeping the cause.
func pathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
