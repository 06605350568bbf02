"""Ground truth for the Python accuracy test: what python3's own ast sees in each file.

Reads file paths (one per line) on stdin, prints one JSON object per file on stdout:
{"path", "ok", "defs": [{"kind", "qualname", "line", "doc", "params"}]}.
"""
import ast
import json
import sys
import warnings

warnings.simplefilter("ignore")


def params_of(args):
    names = [a.arg for a in args.posonlyargs + args.args]
    if args.vararg:
        names.append(args.vararg.arg)
    names += [a.arg for a in args.kwonlyargs]
    if args.kwarg:
        names.append(args.kwarg.arg)
    return names


def walk(node, prefix, out):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            qual = prefix + child.name
            entry = {
                "kind": "class" if isinstance(child, ast.ClassDef) else "function",
                "qualname": qual,
                "line": child.lineno,
                "doc": ast.get_docstring(child, clean=True),
            }
            if not isinstance(child, ast.ClassDef):
                entry["params"] = params_of(child.args)
            out.append(entry)
            walk(child, qual + ".", out)
        else:
            walk(child, prefix, out)


for line in sys.stdin:
    path = line.rstrip("\n")
    try:
        with open(path, "rb") as f:
            tree = ast.parse(f.read(), filename=path)
    except Exception:  # a file python itself cannot read has no ground truth
        print(json.dumps({"path": path, "ok": False, "defs": []}))
        continue
    defs = []
    walk(tree, "", defs)
    print(json.dumps({"path": path, "ok": True, "defs": defs}))
