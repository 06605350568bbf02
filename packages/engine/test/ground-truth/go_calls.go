// Call targets for the Go call-edge test: what go/types says each call in a package calls.
//
// Reads package directories (one per line) on stdin and prints one JSON object per package:
// {"dir", "files": [the package's .go files for this platform, tests left out],
//  "calls": [{"file", "line", "name", "decl"}]}, where line is the line the called expression
// starts on, name the called name (`f` of `f()`, `M` of `x.M()` and `pkg.M()`), and decl where
// the callee is declared ({"file", "line"}) when it is a function, method or type of the package
// itself, else null (another package, a builtin, a function value).
package main

import (
	"bufio"
	"encoding/json"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
)

type place struct {
	File string `json:"file"`
	Line int    `json:"line"`
}

type call struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Name string `json:"name"`
	Decl *place `json:"decl"`
}

type result struct {
	Dir   string   `json:"dir"`
	Files []string `json:"files"`
	Calls []call   `json:"calls"`
}

// callee is the identifier a call names: f of f(), M of x.M() and pkg.M(), f of f[T]().
func callee(fun ast.Expr) *ast.Ident {
	switch f := fun.(type) {
	case *ast.ParenExpr:
		return callee(f.X)
	case *ast.IndexExpr:
		return callee(f.X)
	case *ast.IndexListExpr:
		return callee(f.X)
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	}
	return nil
}

func judge(dir string) result {
	out := result{Dir: dir, Files: []string{}, Calls: []call{}}
	pkg, err := build.Default.ImportDir(dir, 0)
	if err != nil {
		return out
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range pkg.GoFiles {
		path := filepath.Join(dir, name)
		file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		files = append(files, file)
		out.Files = append(out.Files, path)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil), Error: func(error) {}}
	checked, _ := conf.Check(pkg.ImportPath, fset, files, info)
	for _, file := range files {
		ast.Inspect(file, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			id := callee(c.Fun)
			if id == nil {
				return true
			}
			start := fset.Position(c.Fun.Pos())
			entry := call{File: start.Filename, Line: start.Line, Name: id.Name}
			obj := info.Uses[id]
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
				obj = info.Selections[sel].Obj()
			}
			switch o := obj.(type) {
			case *types.Func, *types.TypeName:
				if o.Pkg() != nil && checked != nil && o.Pkg().Path() == checked.Path() && o.Pos().IsValid() {
					at := fset.Position(o.Pos())
					entry.Decl = &place{File: at.Filename, Line: at.Line}
				}
			}
			out.Calls = append(out.Calls, entry)
			return true
		})
	}
	return out
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	for in.Scan() {
		if dir := in.Text(); dir != "" {
			enc.Encode(judge(dir))
		}
	}
}
