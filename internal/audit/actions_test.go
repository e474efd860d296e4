package audit_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"xapa/backoffice/internal/audit"
)

// TestActionsListsEveryWrite reads the server's source: every action given to
// Record (Actor.Record's third argument, an Entry's Action, or a literal
// passed to a helper that forwards it) must be in audit.Actions, which the
// contract, and so the web app's wording, is checked against.
func TestActionsListsEveryWrite(t *testing.T) {
	written := map[string]string{} // action: where
	for _, root := range []string{"../../internal", "../../cmd"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			scanActions(t, path, written)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for action, where := range written {
		if !slices.Contains(audit.Actions, action) {
			t.Errorf("%s writes %q, not in audit.Actions", where, action)
		}
	}
	for _, action := range audit.Actions {
		if _, ok := written[action]; !ok {
			t.Errorf("audit.Actions lists %q, which nothing writes", action)
		}
	}
}

// forwarders are helpers whose string arguments are actions they record.
var forwarders = map[string]bool{"record": true, "close": true}

func scanActions(t *testing.T, path string, written map[string]string) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]string{"ActionCheckpoint": audit.ActionCheckpoint}
	ast.Inspect(f, func(n ast.Node) bool {
		if spec, ok := n.(*ast.ValueSpec); ok {
			for i, name := range spec.Names {
				if i < len(spec.Values) {
					if s, ok := stringLit(spec.Values[i]); ok {
						consts[name.Name] = s
					}
				}
			}
		}
		return true
	})
	add := func(e ast.Expr) {
		s, ok := stringLit(e)
		if !ok {
			if id, isIdent := e.(*ast.Ident); isIdent {
				s, ok = consts[id.Name]
			} else if sel, isSel := e.(*ast.SelectorExpr); isSel {
				s, ok = consts[sel.Sel.Name]
			}
		}
		if ok {
			written[s] = fset.Position(e.Pos()).String()
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			switch fun := n.Fun.(type) {
			case *ast.SelectorExpr:
				if fun.Sel.Name == "Record" && len(n.Args) == 5 {
					add(n.Args[2])
				}
				if forwarders[fun.Sel.Name] {
					addActionLits(n.Args, add)
				}
			case *ast.Ident:
				if forwarders[fun.Name] {
					addActionLits(n.Args, add)
				}
			}
		case *ast.CompositeLit:
			if !isEntryType(n.Type) {
				return true
			}
			for _, el := range n.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "Action" {
						add(kv.Value)
					}
				}
			}
		}
		return true
	})
}

// addActionLits adds the dotted string literals among args.
func addActionLits(args []ast.Expr, add func(ast.Expr)) {
	for _, a := range args {
		if s, ok := stringLit(a); ok && strings.Contains(s, ".") && !strings.Contains(s, " ") {
			add(a)
		}
	}
}

func isEntryType(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "Entry"
	case *ast.SelectorExpr:
		return e.Sel.Name == "Entry"
	}
	return false
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}
