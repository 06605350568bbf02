"""Call targets for the Python call-edge test: what jedi says each call in a file calls.

Usage: python3 python_calls.py ROOT, file paths (one per line) on stdin. Prints one JSON object
per file: {"path", "calls": [{"line", "name", "decls": [{"file", "line"}]}]}, where line is the
line of the called name (`f` of `f()`, `m` of `x.m()`), and decls where jedi's goto (following
imports) says the callee is defined; empty when jedi finds nothing it can point to (a value of
unknown type, a builtin written in C). ROOT is the project jedi resolves imports from. Calls of a
name the files never define (nor import under another name) are left out: neither jedi nor the
engine can send them to the files' objects, and asking jedi about each costs the most time.
"""
import ast
import json
import sys
import warnings

import jedi

warnings.simplefilter("ignore")
# this interpreter's own, inside this process (the default asks a subprocess about modules)
ENVIRONMENT = jedi.InterpreterEnvironment()


def called_name(func):
    """The called name node's (line, byte column, name), or None for other callees."""
    if isinstance(func, ast.Name):
        return func.lineno, func.col_offset, func.id
    if isinstance(func, ast.Attribute) and func.end_lineno is not None:
        return func.end_lineno, func.end_col_offset - len(func.attr), func.attr
    return None


def defined_names(paths):
    """Every name the files define or import under another name: no other call can reach them."""
    names = set()
    for path in paths:
        try:
            with open(path, "rb") as f:
                tree = ast.parse(f.read(), filename=path)
        except (SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.alias) and node.asname:
                names.add(node.asname)
    return names


def judge(project, path, names):
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = data.decode("utf-8")
        tree = ast.parse(data, filename=path)
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return {"path": path, "calls": [], "ok": False}
    lines = data.split(b"\n")
    calls = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        named = called_name(node.func)
        if named is None:
            continue
        line, byte_column, name = named
        if name not in names:
            continue
        # ast counts UTF-8 bytes, jedi characters
        column = len(lines[line - 1][:byte_column].decode("utf-8", "replace"))
        try:
            # a Script per question: jedi stops executing functions after a fixed number per
            # inference state (recursion.total_function_execution_limit), and what it then
            # leaves unanswered stays cached as nothing for the Script's later questions
            script = jedi.Script(code=text, path=path, project=project, environment=ENVIRONMENT)
            found = script.goto(line, column, follow_imports=True)
        except Exception:  # jedi gives up on some constructs: no answer, not a wrong one
            found = []
        decls = [
            {"file": str(d.module_path), "line": d.line}
            for d in found
            if d.module_path is not None and d.line is not None
        ]
        calls.append({"line": line, "name": name, "decls": decls})
    calls.sort(key=lambda c: c["line"])
    return {"path": path, "calls": calls, "ok": True}


def main():
    project = jedi.Project(sys.argv[1], smart_sys_path=False)
    paths = [line.strip() for line in sys.stdin if line.strip()]
    names = defined_names(paths)
    for path in paths:
        print(json.dumps(judge(project, path, names)), flush=True)


main()
