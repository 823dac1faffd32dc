package doc

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// parsers are this package's functions that read structure from page
// text: ingest calls them once a document ([Read]); nothing that answers
// a question may (issue 53).
var parsers = map[string]bool{"Read": true, "Blocks": true, "Lists": true, "Runner": true, "RunningKeys": true, "Markers": true, "Outline": true}

// TestParsedAtIngestOnly: no package that answers questions calls a
// parser of page text into structure; the readers read the structure
// ingest kept ([Structure]). Test files may: they stand in for ingest.
func TestParsedAtIngestOnly(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, pkg := range []string{"reader", "answer", "chat", "eval", "cache", "prompts"} {
		files, _ := filepath.Glob(filepath.Join(root, pkg, "*.go"))
		sub, _ := filepath.Glob(filepath.Join(root, pkg, "*", "*.go"))
		files = append(files, sub...)
		if len(files) == 0 {
			if _, err := os.Stat(filepath.Join(root, pkg)); err == nil {
				t.Fatalf("no Go files in %s", pkg)
			}
			continue
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			for _, call := range parserCalls(t, f) {
				t.Errorf("%s calls doc.%s: structure is read at ingest, not for a question", call.pos, call.name)
			}
		}
	}
}

type parserCall struct {
	pos  token.Position
	name string
}

// parserCalls lists the calls of [parsers] in the Go file path, by
// whatever name it imports this package.
func parserCalls(t *testing.T, path string) []parserCall {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	name := ""
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p == "docqa/internal/doc" {
			name = "doc"
			if im.Name != nil {
				name = im.Name.Name
			}
		}
	}
	if name == "" {
		return nil
	}
	var out []parserCall
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == name && parsers[sel.Sel.Name] {
				out = append(out, parserCall{fset.Position(sel.Pos()), sel.Sel.Name})
			}
		}
		return true
	})
	return out
}
