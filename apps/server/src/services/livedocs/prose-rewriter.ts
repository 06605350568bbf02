import { withoutFiller, type CodeObject, type FileIndex, type Reference } from '@codedocs/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { ProseWriter } from './prose/index';
import type { FieldRewriter } from './generation';

/** Characters of an object's code sent to the model. */
const CODE_FOR_MODEL = 6_000;

let writer: { config: Config['llm']; writer: ProseWriter } | undefined;

async function sharedWriter(
  config: Config,
  log: FastifyBaseLogger,
): Promise<ProseWriter | undefined> {
  if (!config.llm) return undefined;
  // loaded only when a model is configured: deterministic installs never touch it
  const { createProseWriter } = await import('./prose/index');
  // one writer per process, so LLM_CONCURRENCY bounds every run together
  if (writer?.config !== config.llm)
    writer = { config: config.llm, writer: createProseWriter(config.llm, { log }) };
  return writer.writer;
}

/** What the rewriter needs of a run: the source of a file and the names the model may cite. */
export interface ProseContext {
  readSource(path: string): Promise<string | null>;
  references: readonly Reference[];
  knownSymbols: Set<string>;
  /** Qualified names of the objects loaded so far, by id (callers are named with them). */
  qualifiedNames?: Map<string, string>;
}

function lines(source: string | null, object: CodeObject): string {
  if (source === null) return object.signature;
  return source
    .split(/\r?\n/)
    .slice(object.range.startLine - 1, object.range.endLine)
    .join('\n')
    .slice(0, CODE_FOR_MODEL);
}

/**
 * With LLM_BASE_URL and LLM_MODEL set, a rewriter that asks the model for the prose fields
 * (summary, description, parameters, returns, notes) from the engine's facts; whatever the model
 * does not give, or names wrongly, keeps the deterministic text. Undefined without a model.
 */
export async function proseRewriter(
  deps: { config: Config; log: FastifyBaseLogger },
  signal: AbortSignal,
  context?: ProseContext,
): Promise<FieldRewriter | undefined> {
  const prose = await sharedWriter(deps.config, deps.log);
  if (!prose || !context) return undefined;
  return async (object: CodeObject, file: FileIndex, fields: Map<string, string>) => {
    const known = new Set(context.knownSymbols);
    for (const p of object.parameters) known.add(p.name);
    const calls = context.references
      .filter((r) => r.kind === 'call' && r.fromId === object.id && r.toId !== undefined)
      .map((r) => r.name);
    const calledBy = context.references
      .filter((r) => r.kind === 'call' && r.toId === object.id && r.fromId !== undefined)
      .map((r) => (r.fromId && context.qualifiedNames?.get(r.fromId)) ?? r.fromFile);
    const params: Record<string, string> = {};
    for (const p of object.parameters) params[p.name] = fields.get(`param:${p.name}`) ?? '';
    const result = await prose.write(
      {
        language: file.language ?? '',
        kind: object.kind,
        name: object.name,
        qualifiedName: object.qualifiedName,
        signature: object.signature,
        code: lines(await context.readSource(file.path), object),
        parameters: object.parameters.map((p) => ({
          name: p.name,
          ...(p.type && { type: p.type }),
        })),
        ...(object.returnType && { returnType: object.returnType }),
        throws: object.body?.throws ?? [],
        calls,
        calledBy,
        authorDoc: object.doc?.text ?? '',
        deterministic: {
          summary: fields.get('summary') ?? '',
          description: fields.get('description') ?? '',
          params,
          returns: fields.get('returns') ?? '',
          notes: fields.get('notes') ?? '',
        },
        knownSymbols: known,
      },
      signal,
    );
    if (!result) return fields;
    // the model is held to the generator's rule: a sentence that only restates a name or a
    // type is dropped, and a field left with nothing keeps the engine's text
    const filler = (text: string | undefined) =>
      text === undefined ? undefined : withoutFiller(object, text) || undefined;
    result.summary = filler(result.summary);
    result.description = filler(result.description);
    result.returns = filler(result.returns);
    result.notes = filler(result.notes);
    for (const [name, text] of Object.entries(result.params ?? {})) {
      const kept = filler(text);
      if (kept) result.params![name] = kept;
      else delete result.params![name];
    }
    const out = new Map(fields);
    // the author's own doc comment still wins over the model, field by field
    const fromComment = new Set(
      object.doc
        ? ['summary', 'description'].filter((f) =>
            f === 'summary' ? object.doc?.summary : object.doc?.description,
          )
        : [],
    );
    if (result.summary && !fromComment.has('summary')) out.set('summary', result.summary);
    if (result.description && !fromComment.has('description'))
      out.set('description', result.description);
    if (result.returns && out.has('returns')) out.set('returns', result.returns);
    for (const [name, text] of Object.entries(result.params ?? {})) {
      const documented = object.doc?.params.some((d) => d.name === name && d.description);
      if (text && out.has(`param:${name}`) && !documented) out.set(`param:${name}`, text);
    }
    if (result.notes) out.set('notes', `${result.notes}\n${fields.get('notes') ?? ''}`.trim());
    return out;
  };
}
