import type { SiteField, SiteLink, SiteObject } from '@codedocs/contract';
import { callDiagram, type DiagramNode } from '../diagram.ts';
import type { Highlight } from '../highlight.ts';
import { esc, externalLink, safeExternalUrl } from '../html.ts';
import type { MarkdownRenderer } from '../markdown.ts';
import { hrefFrom, type SiteRoutes } from '../routes.ts';
import { displayTime } from './layout.ts';

export interface ObjectContext {
  page: string;
  routes: SiteRoutes;
  highlight: Highlight;
  markdown: MarkdownRenderer;
}

const MAIN_FIELDS = ['summary', 'description'];
const TAIL_FIELDS = ['returns', 'throws', 'example', 'notes'];

function byName(a: SiteLink, b: SiteLink): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : (a.key ?? '') < (b.key ?? '') ? -1 : 1;
}

/** A link to an object of the site, or its name as text when it is not in the site. */
export function objectLink(ctx: ObjectContext, key: string | null, name: string): string {
  const route = key ? ctx.routes.objects.get(key) : undefined;
  if (!route) return `<span class="unlinked">${esc(name)}</span>`;
  const href = route.page === ctx.page ? '' : hrefFrom(ctx.page, route.page);
  return `<a href="${esc(href)}#${esc(route.anchor)}"><code>${esc(name)}</code></a>`;
}

function objectHref(ctx: ObjectContext, key: string | null): string | null {
  const route = key ? ctx.routes.objects.get(key) : undefined;
  if (!route) return null;
  return `${route.page === ctx.page ? '' : hrefFrom(ctx.page, route.page)}#${route.anchor}`;
}

function fieldBadges(field: SiteField): string {
  const badges: string[] = [];
  if (field.stale) {
    badges.push(
      '<span class="badge badge-stale" title="Written for older code than this commit has">stale</span>',
    );
  }
  if (field.source === 'edited') {
    const who = field.updated_by ? ` by ${esc(field.updated_by)}` : '';
    const when = field.updated_at
      ? ` on <time datetime="${esc(field.updated_at)}">${esc(displayTime(field.updated_at).slice(0, 10))}</time>`
      : '';
    badges.push(`<span class="badge badge-edited">edited${who}${when}</span>`);
  } else if (field.source === 'imported' || field.source === 'author') {
    badges.push('<span class="badge badge-imported">from the doc comment</span>');
  } else if ((field.source === 'generated' || field.source === 'model') && !field.accepted) {
    badges.push(
      '<span class="badge badge-generated" title="Derived from the code; nobody has reviewed it yet">generated</span>',
    );
  }
  return badges.length ? ` <span class="badges">${badges.join(' ')}</span>` : '';
}

function fieldBlock(ctx: ObjectContext, object: SiteObject, field: SiteField): string {
  return (
    `<div class="field field-${esc(field.field_id.replace(/[^a-z]/g, ''))}">` +
    `<h3>${esc(field.label)}${fieldBadges(field)}</h3>` +
    `<div class="prose">${ctx.markdown.render(field.value, object.language)}</div></div>`
  );
}

function parameterTable(ctx: ObjectContext, object: SiteObject, params: SiteField[]): string {
  if (params.length === 0) return '';
  const rows = params
    .map(
      (field) =>
        `<tr><th scope="row"><code>${esc(field.field_id.slice('param:'.length))}</code></th>` +
        `<td><div class="prose">${ctx.markdown.render(field.value, object.language)}</div>${fieldBadges(field)}</td></tr>`,
    )
    .join('');
  return (
    `<div class="field field-params"><h3>Parameters</h3><div class="table-wrap"><table class="params">` +
    `<thead><tr><th scope="col">Name</th><th scope="col">Description</th></tr></thead>` +
    `<tbody>${rows}</tbody></table></div></div>`
  );
}

function linkList(ctx: ObjectContext, label: string, links: SiteLink[]): string {
  if (links.length === 0) return '';
  const items = [...links]
    .sort(byName)
    .map((link) => `<li>${objectLink(ctx, link.key, link.name)}</li>`)
    .join('');
  return `<dt>${label}</dt><dd><ul class="inline-list">${items}</ul></dd>`;
}

/** Longer objects (whole classes) show their first lines; the host link has the rest. */
export const MAX_EXCERPT_LINES = 200;

function sourceExcerpt(object: SiteObject): string {
  const all = object.code.replace(/\n$/, '').split('\n');
  const lines = all.slice(0, MAX_EXCERPT_LINES);
  const cut =
    all.length > lines.length
      ? `<p class="muted">The first ${lines.length} of ${all.length} lines.</p>`
      : '';
  const width = String(object.line_start + lines.length - 1).length;
  const body = lines
    .map(
      (line, i) =>
        `<span class="ln" aria-hidden="true">${String(object.line_start + i).padStart(width, ' ')}</span>${esc(line)}`,
    )
    .join('\n');
  const range =
    object.line_start === object.line_end
      ? `line ${object.line_start}`
      : `lines ${object.line_start}–${object.line_end}`;
  const host = safeExternalUrl(object.source_url)
    ? `<p class="source-link">${externalLink(object.source_url, 'View on the host at this commit')}</p>`
    : '';
  return (
    `<details class="source"><summary>Source, ${range}</summary>${host}` +
    `<pre class="excerpt"><code>${body}</code></pre>${cut}</details>`
  );
}

/** One object: heading and badges, signature, fields, relations, call diagram, source. */
export function renderObject(ctx: ObjectContext, object: SiteObject, anchor: string): string {
  const fields = object.fields.filter((field) => field.value.trim() !== '');
  const pick = (id: string) => fields.filter((field) => field.field_id === id);
  const params = fields.filter((field) => field.field_id.startsWith('param:'));
  const others = fields.filter(
    (field) =>
      !MAIN_FIELDS.includes(field.field_id) &&
      !TAIL_FIELDS.includes(field.field_id) &&
      !field.field_id.startsWith('param:'),
  );
  const statusBadge =
    object.status === 'stale'
      ? ' <span class="badge badge-stale" title="Some docs were written for older code">stale</span>'
      : object.status === 'undocumented'
        ? ' <span class="badge badge-undocumented">needs a writer</span>'
        : object.status === 'generated'
          ? ' <span class="badge badge-generated" title="Only generated text, not reviewed by a person">generated only</span>'
          : '';
  const parent = object.parent_key ? ctx.routes.objects.get(object.parent_key) : undefined;
  const memberOf = parent
    ? `<p class="member-of">Member of ${objectLink(ctx, object.parent_key, parent.object.qualified_name)}</p>`
    : '';
  const relations =
    linkList(ctx, 'Calls', object.calls) +
    linkList(ctx, 'Called by', object.called_by) +
    linkList(ctx, 'Extends', object.extends) +
    linkList(ctx, 'Extended by', object.extended_by);
  const toNode = (link: SiteLink): DiagramNode => ({
    label: link.name,
    href: objectHref(ctx, link.key),
  });
  const diagram =
    object.calls.length + object.called_by.length > 0
      ? `<figure class="diagram">${callDiagram(
          { label: object.name, href: null },
          [...object.called_by].sort(byName).map(toNode),
          [...object.calls].sort(byName).map(toNode),
          `${anchor}-graph`,
        )}<figcaption>Callers → <code>${esc(object.name)}</code> → callees</figcaption></figure>`
      : '';
  return `<section class="object" id="${esc(anchor)}" aria-labelledby="${esc(anchor)}-h">
<header class="object-head">
<h2 id="${esc(anchor)}-h"><a class="anchor" href="#${esc(anchor)}">${esc(object.name)}</a> <span class="kind">${esc(object.kind)}</span>${statusBadge}</h2>
<p class="qname"><code>${esc(object.qualified_name)}</code></p>
${memberOf}</header>
<pre class="signature"><code>${ctx.highlight.code(object.signature, object.language)}</code></pre>
${[...MAIN_FIELDS.flatMap(pick)].map((f) => fieldBlock(ctx, object, f)).join('\n')}
${parameterTable(ctx, object, params)}
${[...TAIL_FIELDS.flatMap(pick), ...others].map((f) => fieldBlock(ctx, object, f)).join('\n')}
${relations ? `<dl class="relations">${relations}</dl>` : ''}
${diagram}
${sourceExcerpt(object)}
</section>`;
}
