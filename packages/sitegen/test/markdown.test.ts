import { describe, expect, it } from 'vitest';
import { prepareHighlighter } from '../src/highlight.ts';
import { MarkdownRenderer, mayCarryMarkup } from '../src/markdown.ts';

const markdown = new MarkdownRenderer(await prepareHighlighter(['typescript']));
const render = (text: string) => markdown.render(text, 'typescript');

describe('doc markdown', () => {
  it('keeps inline data: images and drops every other image source', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(render(`![dot](${png})`)).toBe(`<p><img src="${png}" alt="dot" /></p>\n`);
    for (const src of [
      'https://cdn.example.test/a.png',
      '//cdn.example.test/a.png',
      'logo.png',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/svg+xml;base64,PHN2Zz4=',
    ]) {
      expect(render(`![x](${src})`), src).not.toContain('<img');
    }
  });

  it('drops javascript:, data: and vbscript: links but keeps http(s), mailto and anchors', () => {
    expect(render('[a](javascript:alert(1)) [b](data:text/html,x) [c](vbscript:x)')).not.toMatch(
      /href/,
    );
    expect(render('[d](https://example.test/x) [e](mailto:a@example.test) [f](#top)')).toBe(
      '<p><a href="https://example.test/x" rel="noopener noreferrer nofollow">d</a> ' +
        '<a href="mailto:a@example.test">e</a> <a href="#top">f</a></p>\n',
    );
  });

  it('removes raw HTML that runs code or changes the page', () => {
    const html = render(
      '<svg onload="x()"><script>y()</script></svg><form action="/x"><input name="p"></form>' +
        '<object data="x"></object><meta http-equiv="refresh" content="0"><base href="//e.test/">',
    );
    expect(html).not.toMatch(/<(svg|script|form|input|object|meta|base)|onload|y\(\)/i);
  });

  it('highlights fenced code, the object language when the fence names none', () => {
    expect(render('```\nconst a = 1\n```')).toContain('<span class="hl-keyword">const </span>');
    expect(render('```text\nconst a = 1\n```')).toContain('<code>const a = 1</code>');
  });

  it('leaves code of unknown languages plain, including names of object properties', async () => {
    const highlight = await prepareHighlighter(['constructor', 'toString', '__proto__', 'nope']);
    expect(highlight.code('a < b', 'constructor')).toBe('a &lt; b');
    expect(render('```__proto__\nx\n```')).toBe('<pre class="code"><code>x</code></pre>\n');
  });

  it('demotes headings below the object and field headings', () => {
    expect(render('# Title')).toBe('<h4>Title</h4>\n');
  });

  it('sends text with markup through the sanitiser and plain text around it', () => {
    expect(mayCarryMarkup('Returns `a < b`.')).toBe(true);
    expect(mayCarryMarkup('See [the guide](x).')).toBe(true);
    expect(mayCarryMarkup('Plain **bold** text, https://example.test and `code`.')).toBe(false);
  });
});
