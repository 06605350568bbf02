import type {
  OverviewEntryPoint,
  OverviewFacts,
  OverviewModule,
  OverviewSectionId,
} from '@codedocs/contract';

/**
 * The overview's text sections written from its facts, in Markdown. Each sentence states a
 * fact the model holds (a count, a path, a declared target, a caller count); a section with no
 * facts is the empty string, which the app shows as "needs a writer".
 */
export function overviewSections(facts: OverviewFacts): Record<OverviewSectionId, string> {
  return {
    summary: summaryText(facts),
    entry_points: facts.entry_points.map(entryLine).join('\n'),
    modules: facts.modules.flatMap(moduleLine).join('\n') + moreModules(facts),
    dependencies: dependenciesText(facts),
    most_used: facts.most_used
      .map(
        (o, i) =>
          `${i + 1}. \`${o.qualified_name}\` (${o.kind}, \`${o.file_path}\`): ${plural(o.callers, 'caller')}` +
          (o.call_sites > o.callers ? ` at ${plural(o.call_sites, 'call site')}` : '') +
          (o.test_callers > 0 ? `, ${o.test_callers} of them in tests` : '') +
          '.',
      )
      .join('\n'),
    public_api: publicApiText(facts),
  };
}

function plural(count: number, noun: string): string {
  if (count === 1) return `1 ${noun}`;
  return `${count} ${noun}${/(s|sh|ch|x)$/.test(noun) ? 'es' : 's'}`;
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function kindCounts(kinds: Record<string, number>): string {
  return list(
    Object.entries(kinds)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([kind, count]) => plural(count, kind)),
  );
}

function summaryText(facts: OverviewFacts): string {
  if (facts.files === 0) return '';
  const sentences: string[] = [];
  const languages = facts.languages.map((l) => `${l.language} (${l.files})`);
  sentences.push(
    `${plural(facts.files, 'source file')} in ${list(languages)}, holding ${plural(facts.objects, 'object')}, in ${plural(facts.module_count, 'module')}.`,
  );
  const commands = facts.entry_points.filter(
    (e) => e.kind === 'command' || e.kind === 'python_module',
  );
  if (commands.length > 0) {
    sentences.push(`It runs as ${list(commands.slice(0, 4).map((e) => `\`${e.name}\``))}.`);
  }
  const library = facts.entry_points.filter((e) => e.kind === 'main' || e.kind === 'export');
  if (library.length > 0) {
    const names = [...new Set(library.map((e) => e.name))];
    sentences.push(`It is imported as ${list(names.slice(0, 4).map((n) => `\`${n}\``))}.`);
  }
  const top = facts.most_used[0];
  if (top) {
    sentences.push(
      `The most-called object is \`${top.qualified_name}\` in \`${top.file_path}\` (${plural(top.callers, 'caller')}).`,
    );
  }
  if (facts.public_api_total > 0) {
    sentences.push(`${plural(facts.public_api_total, 'public object')} make up its API.`);
  }
  return sentences.join(' ');
}

const ENTRY_KIND_TEXT: Record<OverviewEntryPoint['kind'], string> = {
  command: 'command',
  main: 'package main',
  export: 'package export',
  python_module: 'runnable package',
  main_function: '`main` function',
};

function entryLine(entry: OverviewEntryPoint): string {
  let line = `- \`${entry.name}\`: ${ENTRY_KIND_TEXT[entry.kind]}`;
  if (entry.declared_in !== entry.file_path) line += ` declared in \`${entry.declared_in}\``;
  if (entry.object)
    line += `, runs \`${entry.object.qualified_name}\` in \`${entry.object.file_path}\``;
  else if (entry.file_path && entry.file_path !== entry.declared_in)
    line += `, runs \`${entry.file_path}\``;
  else if (!entry.file_path) line += ` (\`${entry.target}\`, not a file of the repository)`;
  return `${line}.`;
}

function moduleLine(module: OverviewModule): string[] {
  // a module that is one file (a flat repository's) says nothing by counting its files
  const isFile = module.files === 1 && /\.[^./]+$/.test(module.path);
  if (isFile && module.objects === 0) return [];
  const counts = [
    ...(isFile ? [] : [plural(module.files, 'file')]),
    ...(module.objects > 0 ? [kindCounts(module.kinds)] : []),
  ];
  let line = `- \`${module.path}\`${module.test ? ' (tests)' : ''}: ${counts.join(', ')}`;
  const key = module.key_objects.map(
    (o) => `\`${o.qualified_name}\`${o.callers > 0 ? ` (${plural(o.callers, 'caller')})` : ''}`,
  );
  if (key.length > 0 && !module.test) line += `; main objects ${list(key)}`;
  return [`${line}.`];
}

function moreModules(facts: OverviewFacts): string {
  const rest = facts.module_count - facts.modules.length;
  return rest > 0 ? `\n\n${plural(rest, 'smaller module')} not listed.` : '';
}

function dependenciesText(facts: OverviewFacts): string {
  if (facts.dependencies.length === 0) return '';
  const byFrom = new Map<string, string[]>();
  const importedBy = new Map<string, number>();
  for (const dep of facts.dependencies) {
    byFrom.set(dep.from, [...(byFrom.get(dep.from) ?? []), `\`${dep.to}\` (${dep.imports})`]);
    importedBy.set(dep.to, (importedBy.get(dep.to) ?? 0) + 1);
  }
  const lines = [...byFrom].map(([from, tos]) => `- \`${from}\` imports ${list(tos)}.`);
  const [hub] = [...importedBy].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (hub && hub[1] > 1) {
    lines.push(
      '',
      `\`${hub[0]}\` is imported by ${plural(hub[1], 'other module')}, more than any other.`,
    );
  }
  return lines.join('\n');
}

function publicApiText(facts: OverviewFacts): string {
  if (facts.public_api_total === 0) return '';
  const lines = facts.public_api.map(
    (group) =>
      `- \`${group.module}\`: ${list(group.objects.map((o) => `\`${o.qualified_name}\` (${o.kind})`))}.`,
  );
  const listed = facts.public_api.reduce((sum, g) => sum + g.objects.length, 0);
  if (listed < facts.public_api_total) {
    lines.push('', `${listed} of ${plural(facts.public_api_total, 'public object')} listed.`);
  }
  return lines.join('\n');
}
