// `nbrevive rules [ID…] [--json | --markdown] [--kind K] [--library L]`: the migration rules catalog, for reading what
// nbrevive changes (--markdown writes docs/rules.md from the rules and their files' headers). An ID a rule had before
// it was renamed (catalog/aliases.ts) shows that rule.
// `nbrevive rules --coverage [--json] [--library L]`: how much of the API-change table (resources/api-changes) the
// rules repair, computed by running the engine on a snippet per table row (main/core/fixers/api-changes/coverage.ts).
import { API_LIBRARIES, apiChangeTable, type ApiLibrary } from '../../core/fixers/api-changes/table';
import { computeCoverage } from '../../core/fixers/api-changes/coverage';
import { resolveRuleId } from '../../core/fixers/rules/catalog/aliases';
import { catalogMarkdown } from '../../core/fixers/rules/catalog-docs';
import { readRuleHeaders, RuleHeaderError } from '../../core/fixers/rules/rule-headers';
import { listRules } from '../../core/fixers/rules/rules-engine';
import { bold } from '../format';
import { COMMON_OPTIONS, parse } from '../options';

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

async function coverageCommand(library: string | undefined, json: boolean): Promise<number> {
  const table = apiChangeTable();
  if (table.rows.length === 0) {
    console.error(
      'nbrevive: the API-change table is missing (resources/api-changes); ' +
        'regenerate it with `npx tsx tools/extract-api-changes.ts`',
    );
    return 2;
  }
  if (library && !(API_LIBRARIES as readonly string[]).includes(library)) {
    console.error(`nbrevive: unknown library ${library} (one of ${API_LIBRARIES.join(', ')})`);
    return 2;
  }
  const libraries = library ? [library as ApiLibrary] : [...API_LIBRARIES];
  const { libraries: rows, rows: details } = await computeCoverage(table, libraries);
  if (json) {
    const notHandled = details
      .filter((d) => d.outcome === 'not-handled')
      .map((d) => ({ library: d.row.library, kind: d.row.kind, old: d.row.old, new: d.row.new, reason: d.reason }));
    console.log(JSON.stringify({ libraries: rows, notHandled }));
    return 0;
  }
  // one line per library: who repairs the removed/renamed/moved rows, and the headline handled ÷ all of them
  console.log(
    bold(
      "API-change table coverage in today's stack: removed, renamed " +
        "and moved names (each row's snippet run through the rules engine)",
    ),
  );
  console.log(
    'library        removed+renamed+moved  hand-written  generic  out-of-scope  ' +
      'not-handled  handled  of in-scope   keyword renames handled/named',
  );
  for (const c of rows) {
    const n = c.names;
    const kw = c.keywords;
    console.log(
      `${c.library.padEnd(14)} ${String(n.total).padStart(21)} ${String(n.handwritten).padStart(13)} ` +
        `${String(n.generic).padStart(8)} ${String(n.outOfScope).padStart(13)} ${String(n.notHandled).padStart(12)} ` +
        `${(c.handled === null ? '-' : pct(c.handled)).padStart(8)} ` +
        `${(c.handledInScope === null ? '-' : pct(c.handledInScope)).padStart(12)}   ` +
        `${`${kw.handwritten + kw.generic}/${kw.total - kw.outOfScope}`.padStart(12)}`,
    );
  }
  const total = rows.reduce((sum, c) => sum + c.names.total, 0);
  const handled = rows.reduce((sum, c) => sum + c.names.handwritten + c.names.generic, 0);
  const inScope = total - rows.reduce((sum, c) => sum + c.names.outOfScope, 0);
  console.log(
    `${'all'.padEnd(14)} ${String(total).padStart(21)} ${' '.repeat(13)} ${' '.repeat(8)} ${' '.repeat(13)} ` +
      `${' '.repeat(12)} ${(total ? pct(handled / total) : '-').padStart(8)} ` +
      `${(inScope ? pct(handled / inScope) : '-').padStart(12)}`,
  );
  console.log(bold('\nremoved/renamed/moved rows out of scope, by library and reason'));
  for (const c of rows) {
    const reasons = Object.entries(c.nameReasons).sort((a, b) => b[1] - a[1]);
    if (reasons.length === 0) continue;
    console.log(`  ${c.library}`);
    for (const [reason, count] of reasons) console.log(`    ${String(count).padStart(5)}  ${reason}`);
  }
  return 0;
}

export async function rulesCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    ...COMMON_OPTIONS,
    kind: { type: 'string' },
    library: { type: 'string' },
    coverage: { type: 'boolean' },
    markdown: { type: 'boolean' },
  });
  if (values.help) {
    console.log(
      'usage: nbrevive rules [ID…] [--kind error-repair|score-calibration|runtime-reduction|environment] ' +
        '[--library NAME] [--json | --markdown]\n       nbrevive rules --coverage [--library ' +
        'scikit-learn|pandas|numpy|scipy|matplotlib|seaborn|statsmodels|python] [--json]',
    );
    return 0;
  }
  if (values.coverage) return coverageCommand(values.library as string | undefined, Boolean(values.json));
  const all = listRules();
  const ids = positionals.map(resolveRuleId);
  const unknown = positionals.filter((id, i) => !all.some((r) => r.id === ids[i]));
  if (unknown.length > 0) {
    console.error(`nbrevive: unknown rule id(s) ${unknown.join(', ')} (\`nbrevive rules\` lists them all)`);
    return 2;
  }
  const rules = all.filter(
    (r) =>
      (ids.length === 0 || ids.includes(r.id)) &&
      (!values.kind || r.kind === values.kind) &&
      (!values.library || r.library === values.library),
  );
  if (values.markdown) {
    try {
      process.stdout.write(catalogMarkdown(rules, readRuleHeaders(rules.map((r) => r.id))));
    } catch (e) {
      if (!(e instanceof RuleHeaderError)) throw e;
      console.error(`nbrevive: ${e.message}`);
      return 2;
    }
    return 0;
  }
  if (values.json) {
    console.log(JSON.stringify(rules));
    return 0;
  }
  for (const r of rules) {
    console.log(
      `${bold(r.id)}  (${r.kind}; ${r.library} ${r.since.version}${r.since.date ? `, ${r.since.date}` : ''})`,
    );
    console.log(`  ${r.title}`);
    console.log(`  ${r.explanation.replace(/\n/g, '\n  ')}`);
  }
  console.log(`\n${rules.length} rule(s)`);
  return 0;
}
