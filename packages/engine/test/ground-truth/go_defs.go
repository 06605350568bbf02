// Ground truth for the Go accuracy test: what go/parser sees in each file.
//
// Reads file paths (one per line) on stdin, prints one JSON object per file on stdout:
// {"path", "ok", "defs": [{"kind", "qualname", "line", "doc", "params"}]}. Definitions are the
// file's top-level functions, methods, types and constants, and the methods of its interface
// types; docs are what go/doc shows (a type without its own comment takes its declaration's).
package main

import (
	"bufio"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
)

type def struct {
	Kind     string    `json:"kind"`
	Qualname string    `json:"qualname"`
	Line     int       `json:"line"`
	Doc      *string   `json:"doc"`
	Params   *[]string `json:"params,omitempty"`
}

type result struct {
	Path string `json:"path"`
	Ok   bool   `json:"ok"`
	Defs []def  `json:"defs"`
}

func text(groups ...*ast.CommentGroup) *string {
	for _, g := range groups {
		if g != nil {
			t := g.Text()
			return &t
		}
	}
	return nil
}

// params lists a signature's parameter names, "" for an unnamed one.
func params(fields *ast.FieldList) *[]string {
	names := []string{}
	if fields != nil {
		for _, f := range fields.List {
			if len(f.Names) == 0 {
				names = append(names, "")
			}
			for _, n := range f.Names {
				names = append(names, n.Name)
			}
		}
	}
	return &names
}

// receiverName is the type a method belongs to: `(r *Rect[T])` → Rect.
func receiverName(expr ast.Expr) string {
	switch t := expr.(type) {
	case *ast.StarExpr:
		return receiverName(t.X)
	case *ast.ParenExpr:
		return receiverName(t.X)
	case *ast.IndexExpr:
		return receiverName(t.X)
	case *ast.IndexListExpr:
		return receiverName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return ""
}

func typeKind(spec *ast.TypeSpec) string {
	if spec.Assign.IsValid() {
		return "type"
	}
	switch spec.Type.(type) {
	case *ast.StructType:
		return "struct"
	case *ast.InterfaceType:
		return "interface"
	}
	return "type"
}

func defsOf(fset *token.FileSet, file *ast.File) []def {
	out := []def{}
	line := func(p token.Pos) int { return fset.Position(p).Line }
	for _, decl := range file.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			entry := def{Kind: "function", Qualname: d.Name.Name, Line: line(d.Pos()), Doc: text(d.Doc), Params: params(d.Type.Params)}
			if d.Recv != nil && len(d.Recv.List) == 1 {
				entry.Kind = "method"
				entry.Qualname = receiverName(d.Recv.List[0].Type) + "." + d.Name.Name
			}
			out = append(out, entry)
		case *ast.GenDecl:
			lone := !d.Lparen.IsValid()
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					out = append(out, def{Kind: typeKind(s), Qualname: s.Name.Name, Line: line(s.Pos()), Doc: text(s.Doc, d.Doc)})
					if it, ok := s.Type.(*ast.InterfaceType); ok && !s.Assign.IsValid() {
						for _, m := range it.Methods.List {
							fn, ok := m.Type.(*ast.FuncType)
							if !ok {
								continue // an embedded interface or a type union
							}
							for _, n := range m.Names {
								out = append(out, def{Kind: "method", Qualname: s.Name.Name + "." + n.Name, Line: line(n.Pos()), Doc: text(m.Doc), Params: params(fn.Params)})
							}
						}
					}
				case *ast.ValueSpec:
					if d.Tok != token.CONST {
						continue
					}
					var doc *string
					if lone {
						doc = text(s.Doc, d.Doc)
					} else {
						doc = text(s.Doc)
					}
					for _, n := range s.Names {
						if n.Name != "_" {
							out = append(out, def{Kind: "constant", Qualname: n.Name, Line: line(n.Pos()), Doc: doc})
						}
					}
				}
			}
		}
	}
	return out
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	for in.Scan() {
		path := in.Text()
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			enc.Encode(result{Path: path, Ok: false, Defs: []def{}})
			continue
		}
		enc.Encode(result{Path: path, Ok: true, Defs: defsOf(fset, file)})
	}
}
