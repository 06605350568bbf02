/**
 * assets/site.css. Light by default, dark when the system prefers it unless the reader chose
 * light, or when the reader chose dark (the toggle sets data-theme on <html>). Token colours of
 * the build-time highlighting are classes (`hl-keyword`, …) mapped to theme variables here.
 */
const LIGHT = `
  --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --border: #d1d9e0; --panel: #f6f8fa;
  --link: #0550ae; --accent: #8250df; --focus: #0969da; --code-bg: #f6f8fa;
  --stale-bg: #fff8c5; --stale-fg: #7d4e00; --edited-bg: #ddf4ff; --edited-fg: #0550ae;
  --muted-bg: #eff2f5; --node-bg: #ffffff; --center-bg: #ddf4ff;
  --hl-keyword: #cf222e; --hl-constant: #0550ae; --hl-string: #0a3069; --hl-string-expression: #0a3069;
  --hl-comment: #59636e; --hl-function: #8250df; --hl-parameter: #953800; --hl-punctuation: #1f2328;
  --hl-link: #0550ae;`;
const DARK = `
  --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --border: #3d444d; --panel: #151b23;
  --link: #58a6ff; --accent: #d2a8ff; --focus: #58a6ff; --code-bg: #151b23;
  --stale-bg: #3b2e00; --stale-fg: #f2cc60; --edited-bg: #0c2d6b; --edited-fg: #a5d6ff;
  --muted-bg: #212830; --node-bg: #151b23; --center-bg: #0c2d6b;
  --hl-keyword: #ff7b72; --hl-constant: #79c0ff; --hl-string: #a5d6ff; --hl-string-expression: #a5d6ff;
  --hl-comment: #9198a1; --hl-function: #d2a8ff; --hl-parameter: #ffa657; --hl-punctuation: #e6edf3;
  --hl-link: #79c0ff;`;

export const SITE_CSS = `:root {${LIGHT}
  color-scheme: light;
}
@media (prefers-color-scheme: dark) {
  :root:not([data-theme="light"]) {${DARK}
    color-scheme: dark;
  }
}
:root[data-theme="dark"] {${DARK}
  color-scheme: dark;
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  overflow-wrap: anywhere;
}
a { color: var(--link); }
a:not([href]) { color: inherit; }
a:focus-visible, button:focus-visible, input:focus-visible, summary:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
code, pre, kbd { font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.92em; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
.skip-link { position: absolute; left: 8px; top: -48px; z-index: 20; padding: 8px 12px; background: var(--bg); border: 2px solid var(--focus); border-radius: 6px; }
.skip-link:focus { top: 8px; }
.muted { color: var(--muted); }
.site-header { position: sticky; top: 0; z-index: 10; display: flex; gap: 12px; align-items: center; padding: 8px 16px; background: var(--panel); border-bottom: 1px solid var(--border); }
.brand { font-weight: 650; color: var(--fg); text-decoration: none; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 30%; }
.search { position: relative; flex: 1; max-width: 560px; margin-left: auto; }
.search input { width: 100%; padding: 6px 10px; font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--border); border-radius: 6px; }
.search-results { position: absolute; left: 0; right: 0; top: calc(100% + 4px); max-height: 70vh; overflow: auto; background: var(--bg); border: 1px solid var(--border); border-radius: 6px; box-shadow: 0 8px 24px rgba(0,0,0,.18); }
.search-results ol, .search-page-results { list-style: none; margin: 0; padding: 0; }
.search-result a { display: grid; grid-template-columns: auto 1fr; gap: 0 8px; padding: 6px 10px; color: var(--fg); text-decoration: none; border-bottom: 1px solid var(--border); }
.search-result a:hover, .search-result a.active { background: var(--muted-bg); }
.result-name { color: var(--link); font-weight: 600; }
.search-result .kind { justify-self: start; }
.result-where, .result-summary { grid-column: 1 / -1; color: var(--muted); font-size: 0.88em; }
.search-empty { margin: 0; padding: 8px 10px; color: var(--muted); }
.theme-toggle { flex: none; width: 34px; height: 34px; font-size: 18px; color: var(--fg); background: var(--bg); border: 1px solid var(--border); border-radius: 6px; cursor: pointer; }
.breadcrumbs ol { display: flex; flex-wrap: wrap; gap: 4px; margin: 0; padding: 8px 16px; list-style: none; font-size: 0.9em; }
.breadcrumbs li + li::before { content: "/"; margin-right: 4px; color: var(--muted); }
.layout { display: block; max-width: 1200px; margin: 0 auto; padding: 0 16px 32px; }
.layout.with-aside { display: grid; grid-template-columns: 220px minmax(0, 1fr); gap: 24px; }
.toc { position: sticky; top: 64px; align-self: start; max-height: calc(100vh - 80px); overflow: auto; font-size: 0.9em; }
.toc h2 { font-size: 0.95em; margin: 8px 0; }
.toc ol { list-style: none; margin: 0; padding: 0; }
.toc li { padding: 2px 0; }
main { min-width: 0; }
main:focus { outline: none; }
h1 { font-size: 1.6em; line-height: 1.25; margin: 12px 0; }
h1 code { font-size: 0.85em; }
.lead { font-size: 1.05em; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--border); }
meter { width: 80px; vertical-align: middle; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; }
.file-list, .object-list { list-style: none; padding-left: 0; }
.object-list { padding-left: 16px; margin: 4px 0 12px; }
.file-entry > a { font-weight: 600; }
.object { border-top: 1px solid var(--border); padding: 16px 0 8px; scroll-margin-top: 60px; }
.object-head h2 { margin: 0; font-size: 1.3em; }
.object-head .anchor { color: var(--fg); text-decoration: none; }
.object-head .anchor:hover { text-decoration: underline; }
.qname, .member-of { margin: 2px 0; color: var(--muted); }
.kind { display: inline-block; padding: 0 6px; font-size: 0.72rem; font-weight: 500; vertical-align: middle; color: var(--accent); border: 1px solid var(--border); border-radius: 10px; }
.badge { display: inline-block; padding: 0 6px; font-size: 0.72rem; font-weight: 500; vertical-align: middle; border-radius: 10px; }
.badge-stale { background: var(--stale-bg); color: var(--stale-fg); }
.badge-edited { background: var(--edited-bg); color: var(--edited-fg); }
.badge-imported, .badge-undocumented, .badge-generated { background: var(--muted-bg); color: var(--muted); }
pre { overflow-x: auto; padding: 10px 12px; background: var(--code-bg); border: 1px solid var(--border); border-radius: 6px; line-height: 1.45; }
pre.signature { white-space: pre-wrap; }
.field h3 { font-size: 1em; margin: 14px 0 4px; }
.prose p { margin: 4px 0; }
.params th code { white-space: nowrap; }
.relations { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }
.relations dt { color: var(--muted); }
.relations dd { margin: 0; }
.inline-list { display: flex; flex-wrap: wrap; gap: 4px 12px; list-style: none; margin: 0; padding: 0; }
.unlinked { font-family: ui-monospace, monospace; font-size: 0.92em; color: var(--muted); }
.diagram { margin: 12px 0; overflow-x: auto; }
.diagram figcaption { font-size: 0.85em; color: var(--muted); }
.call-graph { max-width: 100%; height: auto; }
.call-graph text { font: 12px ui-monospace, monospace; fill: var(--fg); }
.call-graph rect { fill: var(--node-bg); stroke: var(--border); }
.call-graph .cg-center rect { fill: var(--center-bg); stroke: var(--focus); }
.call-graph a text { fill: var(--link); }
.call-graph .cg-edges path { fill: none; stroke: var(--muted); }
.call-graph .cg-edges polygon { fill: var(--muted); }
.call-graph .cg-edges .mg-back { stroke-dasharray: 4 3; }
.graph-wrap { overflow-x: auto; }
.source summary { cursor: pointer; color: var(--muted); }
.source-link { margin: 4px 0; }
pre.excerpt .ln { display: inline-block; margin-right: 12px; color: var(--muted); user-select: none; }
.hl-keyword { color: var(--hl-keyword); } .hl-constant { color: var(--hl-constant); }
.hl-string { color: var(--hl-string); } .hl-string-expression { color: var(--hl-string-expression); }
.hl-comment { color: var(--hl-comment); } .hl-function { color: var(--hl-function); }
.hl-parameter { color: var(--hl-parameter); } .hl-punctuation { color: var(--hl-punctuation); }
.hl-link { color: var(--hl-link); } .hl-i { font-style: italic; } .hl-b { font-weight: 700; } .hl-u { text-decoration: underline; }
.site-footer { padding: 16px; border-top: 1px solid var(--border); color: var(--muted); font-size: 0.85em; }
@media (max-width: 760px) {
  .layout.with-aside { display: block; }
  .toc { position: static; max-height: none; border-bottom: 1px solid var(--border); margin-bottom: 8px; }
  .toc ol { display: flex; flex-wrap: wrap; gap: 4px 12px; }
  .site-header { flex-wrap: wrap; padding: 8px; }
  .brand { max-width: calc(100% - 50px); }
  .search { order: 3; flex-basis: 100%; max-width: none; }
  .relations, .facts { grid-template-columns: 1fr; }
  body { font-size: 14px; }
}
@media print {
  :root, :root[data-theme="dark"] {${LIGHT}
    color-scheme: light;
  }
  .site-header, .skip-link, .toc, .breadcrumbs, .theme-toggle, .search-results { display: none !important; }
  .layout, .layout.with-aside { display: block; max-width: none; padding: 0; }
  body { font-size: 11pt; }
  a { color: inherit; }
  .object { break-inside: auto; }
  .object-head, pre.signature { break-inside: avoid; }
  pre { white-space: pre-wrap; }
  details.source { display: none; }
}
`;
