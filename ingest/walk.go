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
// shows up as a clear "not a PDF" error. Links inside folders are
// followed, a folder a link leads back into only once. A path that does
// not exist or names a pipe, device or socket ([ErrNotRegular]), and a
// subfolder that cannot be read, is a failure of its own: the rest is
// still walked. The error is for nothing found at all.
func Walk(paths []string) ([]string, []Failure, error) {
	w := walker{seen: map[string]bool{}, dirs: map[string]bool{}}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			w.fail(p, err)
			continue
		}
		info, err := os.Stat(abs)
		switch {
		case err != nil:
			w.fail(abs, pathError(err))
		case info.IsDir():
			w.dir(abs)
		case !info.Mode().IsRegular():
			// reading a FIFO blocks until a writer comes, /dev/zero never
			// ends
			w.fail(abs, ErrNotRegular)
		default:
			w.add(abs)
		}
	}
	sort.Strings(w.out)
	if len(w.out) == 0 {
		if len(w.failed) > 0 {
			f := w.failed[0]
			return nil, w.failed, fmt.Errorf("walk %s: %w", f.Path, f.Err)
		}
		return nil, nil, fmt.Errorf("walk %s: %w", strings.Join(paths, ", "), ErrNoPDFs)
	}
	return w.out, w.failed, nil
}

type walker struct {
	out    []string
	failed []Failure
	seen   map[string]bool // files taken, by their real path
	dirs   map[string]bool // folders walked, by their real path
}

// add takes file p once, by its real path: a link and the file it leads
// to are one document.
func (w *walker) add(p string) {
	key := p
	if real, err := filepath.EvalSymlinks(p); err == nil {
		key = real
	}
	if !w.seen[key] {
		w.seen[key] = true
		w.out = append(w.out, p)
	}
}

func (w *walker) fail(p string, err error) { w.failed = append(w.failed, Failure{p, err}) }

// dir walks folder root, a link to a folder too, under root's name; a
// folder already walked, reached again through a link, is skipped. A
// pipe, device or socket with a PDF's name is a failure of its own.
func (w *walker) dir(root string) {
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		w.fail(root, pathError(err))
		return
	}
	if w.dirs[real] {
		return
	}
	w.dirs[real] = true
	// WalkDir does not follow a root that is a link: walk the folder it
	// leads to, and name what is found there by the link's path.
	err = filepath.WalkDir(real, func(path string, d fs.DirEntry, err error) error {
		path = root + strings.TrimPrefix(path, real)
		if err != nil {
			w.fail(path, pathError(err)) // an unreadable subfolder: reported, the rest walked
			if d != nil && d.IsDir() && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if path != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if path != root {
				if real, err := filepath.EvalSymlinks(path); err == nil {
					w.dirs[real] = true
				}
			}
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			info, err := os.Stat(path) // follow the link
			switch {
			case err != nil:
				w.fail(path, pathError(err))
			case info.IsDir():
				w.dir(path)
			case info.Mode().IsRegular() && isPDFName(path):
				w.add(path)
			}
			return nil
		}
		switch {
		case !isPDFName(path):
		case d.Type().IsRegular():
			w.add(path)
		default:
			w.fail(path, ErrNotRegular)
		}
		return nil
	})
	if err != nil {
		w.fail(root, pathError(err))
	}
}

func isPDFName(p string) bool { return strings.EqualFold(filepath.Ext(p), ".pdf") }

// pathError drops the path that os errors repeat, keeping the cause.
func pathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
