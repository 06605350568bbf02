<?php
// Ground truth for the PHP accuracy test: what nikic/PHP-Parser (Debian's php-parser) sees in
// each file.
//
// Reads file paths (one per line) on stdin, prints one JSON object per file on stdout:
// {"path", "ok", "defs": [{"kind", "qualname", "line", "doc", "params"}]}. Definitions are
// namespaces, named classes, interfaces, traits and enums with their methods and constants,
// functions and top-level constants. A braced `namespace A { … }` holds what it declares
// (A.Foo); the statement form `namespace A;` does not (Foo). The doc is the parser's
// getDocComment(): the last `/** */` before the declaration.

require_once getenv('PHP_PARSER_AUTOLOAD') ?: '/usr/share/php/PhpParser/autoload.php';

use PhpParser\Node;
use PhpParser\Node\Stmt;
use PhpParser\ParserFactory;

function doc_of(Node $node): ?string
{
    $doc = $node->getDocComment();
    if ($doc === null) {
        return null;
    }
    // the comment's text as phpDocumentor reads it: without `/**`, `*/` and each line's `*`
    $text = preg_replace(['#\A/\*\*+#', '#\*+/\z#'], '', $doc->getText());
    return implode("\n", array_map(fn ($l) => preg_replace('/^\s*\*(?!\/)/', '', $l), explode("\n", $text)));
}

function params_of(Node\FunctionLike $fn): array
{
    $names = [];
    foreach ($fn->getParams() as $param) {
        $names[] = $param->var instanceof Node\Expr\Variable && is_string($param->var->name)
            ? $param->var->name
            : '';
    }
    return $names;
}

function def(array &$out, string $kind, string $qualname, Node $node, ?Node $docHolder = null, ?array $params = null): void
{
    $entry = [
        'kind' => $kind,
        'qualname' => $qualname,
        'line' => $node->getStartLine(),
        'doc' => doc_of($docHolder ?? $node),
    ];
    if ($params !== null) {
        $entry['params'] = $params;
    }
    $out[] = $entry;
}

function qualify(string $scope, string $name): string
{
    return $scope === '' ? $name : "$scope.$name";
}

/** @param Node[] $stmts */
function walk(array $stmts, string $scope, array &$out): void
{
    foreach ($stmts as $stmt) {
        if ($stmt instanceof Stmt\Namespace_) {
            $name = $stmt->name ? $stmt->name->toString() : '';
            if ($name !== '') {
                def($out, 'namespace', qualify($scope, $name), $stmt);
            }
            $braced = $stmt->getAttribute('kind') === Stmt\Namespace_::KIND_BRACED;
            walk($stmt->stmts ?? [], $braced && $name !== '' ? qualify($scope, $name) : $scope, $out);
        } elseif ($stmt instanceof Stmt\ClassLike && $stmt->name !== null) {
            $kind = $stmt instanceof Stmt\Interface_ ? 'interface'
                : ($stmt instanceof Stmt\Trait_ ? 'trait'
                : ($stmt instanceof Stmt\Enum_ ? 'enum' : 'class'));
            $qualname = qualify($scope, $stmt->name->toString());
            def($out, $kind, $qualname, $stmt);
            foreach ($stmt->stmts as $member) {
                if ($member instanceof Stmt\ClassMethod) {
                    $name = $member->name->toString();
                    def($out, strtolower($name) === '__construct' ? 'constructor' : 'method', "$qualname.$name", $member, null, params_of($member));
                } elseif ($member instanceof Stmt\ClassConst) {
                    foreach ($member->consts as $const) {
                        def($out, 'constant', "$qualname.{$const->name}", $const, $member);
                    }
                }
            }
        } elseif ($stmt instanceof Stmt\Function_) {
            def($out, 'function', qualify($scope, $stmt->name->toString()), $stmt, null, params_of($stmt));
            walk($stmt->stmts, $scope, $out);
        } elseif ($stmt instanceof Stmt\Const_) {
            foreach ($stmt->consts as $const) {
                def($out, 'constant', qualify($scope, $const->name->toString()), $const, $stmt);
            }
        } elseif ($stmt instanceof Stmt\If_ || $stmt instanceof Stmt\Block || $stmt instanceof Stmt\Declare_) {
            // `if (!function_exists('f')) { function f() {} }` declares f where the file does
            walk($stmt->stmts ?? [], $scope, $out);
            foreach ($stmt->elseifs ?? [] as $elseif) {
                walk($elseif->stmts, $scope, $out);
            }
            if (isset($stmt->else)) {
                walk($stmt->else->stmts, $scope, $out);
            }
        }
    }
}

$parser = (new ParserFactory())->create(ParserFactory::ONLY_PHP7);
while (($line = fgets(STDIN)) !== false) {
    $path = rtrim($line, "\n");
    if ($path === '') {
        continue;
    }
    $defs = [];
    $ok = true;
    try {
        walk($parser->parse(file_get_contents($path)) ?? [], '', $defs);
    } catch (Throwable $e) {
        $ok = false;
        $defs = [];
    }
    echo json_encode(['path' => $path, 'ok' => $ok, 'defs' => $defs], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
}
