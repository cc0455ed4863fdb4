// bench:corpus — every case of a corpus through `nbrevive corpus run` with the rules fixer, in today's stack and in
// Debian bookworm's 2023 stack (today's first: it is the reference users run), printed side by side: per case the
// outcome, the score and the first error left in each stack; per stack the totals (error-free reproducible /
// reproducible with errors / not reproducible), the recovery rate of the eroded cases (goal ≥ 60 %), whether a
// control case got worse, and the errors left grouped by exception and message (the mechanisms still unrepaired).
//
// usage: npm run bench:corpus -- [--corpus DIR] [--stack today|bookworm|both] [--concurrency N] [--fixers rules]
//                                [--max-iterations N] [--json FILE]
//   --corpus      a folder of case folders (repeatable); default the team corpus (CORPUS_DIR of
//                 test/helpers/corpus.ts, NBREVIVE_CORPUS) when it is there
//   --stack       default both; today's stack is built by tools/today-stack.sh (NBREVIVE_TODAY_PYTHON overrides),
//                 bookworm's is NBREVIVE_PYTHON or /usr/bin/python3
//   --concurrency jobs at a time (default 1: run times and timeouts stay comparable between stacks)
//   --json        also write every row and total to FILE
// env BENCH_FIXERS and BENCH_CONCURRENCY still set the defaults of --fixers and --concurrency.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '../../main/core/store';
import { firstLine } from '../../shared/lib/text';
import { CORPUS_DIR, CORPUS_SKIP_REASON } from '../helpers/corpus';
import { stackPython, stackVersions, TODAY_SKIP_REASON, type StackName } from '../helpers/python-stacks';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    corpus: { type: 'string', multiple: true },
    stack: { type: 'string', default: 'both' },
    concurrency: { type: 'string', default: process.env.BENCH_CONCURRENCY ?? '1' },
    fixers: { type: 'string', default: process.env.BENCH_FIXERS ?? 'rules' },
    'max-iterations': { type: 'string' },
    json: { type: 'string' },
  },
  strict: true,
});

function fail(message: string): never {
  console.error(`bench:corpus: ${message}`);
  process.exit(2);
}

const corpora: string[] = values.corpus?.map((c) => path.resolve(c)) ?? (CORPUS_DIR ? [CORPUS_DIR] : []);
if (corpora.length === 0) {
  console.log(
    `bench:corpus skipped: no --corpus DIR given and the team corpus was not found (${CORPUS_SKIP_REASON.replace(/^skipped: /, '')})`,
  );
  process.exit(0);
}
for (const dir of corpora)
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) fail(`--corpus ${dir} is not a folder`);

const stackArg = values.stack;
if (stackArg !== 'today' && stackArg !== 'bookworm' && stackArg !== 'both')
  fail(`--stack must be today, bookworm or both, got '${stackArg}'`);
const wanted: StackName[] = stackArg === 'both' ? ['today', 'bookworm'] : [stackArg];
const stacks: { name: StackName; python: string; versions: string }[] = [];
const skippedStacks: string[] = [];
for (const name of wanted) {
  const python = stackPython(name);
  if (!python) {
    if (stackArg !== 'both') fail(TODAY_SKIP_REASON.replace(/^skipped: /, ''));
    skippedStacks.push(`${name}: ${TODAY_SKIP_REASON}`);
    continue;
  }
  stacks.push({ name, python, versions: stackVersions(python) });
}

interface CaseResult {
  outcome: string;
  score: number | null;
  target: number | null;
  fixes: string[];
  iterations: number;
  stopReason: string | null;
  firstErrorBefore: string | null;
  /** the best version's errors the author's saved outputs do not show, first one first */
  errorsLeft: { cellIndex: number; ename: string; evalue: string }[];
}
interface CorpusResult {
  corpus: string;
  stacks: Record<string, { versions: string; wallSeconds: number; cases: Record<string, CaseResult> }>;
}

/** One `nbrevive corpus run` in one stack, with its own database; what each job ended with. */
function runCorpus(
  corpus: string,
  stack: (typeof stacks)[number],
): { wallSeconds: number; cases: Record<string, CaseResult> } {
  const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `nbrevive-bench-corpus-${stack.name}-`)), 'db.sqlite');
  const args = [
    path.join(root, 'bin/nbrevive.mjs'),
    'corpus',
    'run',
    corpus,
    '--json',
    '--fixers',
    values.fixers!,
    '--concurrency',
    values.concurrency!,
    '--python',
    stack.python,
    '--db',
    db,
  ];
  if (values['max-iterations']) args.push('--max-iterations', values['max-iterations']);
  console.error(`[bench:corpus] ${path.basename(corpus)} in ${stack.name}'s stack (${stack.python})`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) fail(`nbrevive corpus run ${corpus} --python ${stack.python} failed (exit ${r.status})`);
  const wallSeconds = (performance.now() - t0) / 1000;
  const stats = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as {
    rows: {
      jobId: string;
      caseId: string;
      outcome: string | null;
      stopReason: string | null;
      firstErrorBefore: string | null;
      fixes: string[];
      score: number | null;
      target: number | null;
      iterations: number;
    }[];
  };
  // the errors left are read from the job's best iteration: the corpus tables only name the first error before
  const store = openStore(db);
  try {
    const cases: Record<string, CaseResult> = {};
    for (const row of stats.rows) {
      const job = store.jobs.require(row.jobId);
      const iterations = store.iterations.list(row.jobId);
      const best = iterations.find((it) => it.index === job.bestIteration) ?? iterations.at(-1);
      cases[row.caseId] = {
        outcome: row.outcome ?? `unfinished (${row.stopReason ?? 'no reason'})`,
        score: row.score,
        target: row.target,
        fixes: row.fixes,
        iterations: row.iterations,
        stopReason: row.stopReason,
        firstErrorBefore: row.firstErrorBefore,
        errorsLeft: (best?.report.errors ?? [])
          .filter((e) => !e.preExisting)
          .map((e) => ({ cellIndex: e.cellIndex, ename: e.ename, evalue: e.evalue })),
      };
    }
    return { wallSeconds, cases };
  } finally {
    store.close();
  }
}

const OUTCOME_SHORT: Record<string, string> = {
  reproducible: 'ok',
  'reproducible-with-errors': 'ok+err',
  'not-reproducible': 'NOT',
};
const short = (outcome: string) => OUTCOME_SHORT[outcome] ?? outcome;
const fmt = (x: number | null) => (x === null ? '-' : String(Number(x.toPrecision(6))));
const errorText = (e: CaseResult['errorsLeft'][number] | undefined) =>
  e ? `${e.cellIndex}: ${e.ename}: ${firstLine(e.evalue, 90)}` : '-';
/** A mechanism key: the exception and its message with the notebook's own numbers and paths taken out. */
const mechanism = (e: { ename: string; evalue: string }) =>
  // a name left undefined is nearly always a consequence of an earlier failing cell, not a mechanism of its own
  e.ename === 'NameError'
    ? 'NameError: name … is not defined (mostly downstream of an earlier failing cell)'
    : `${e.ename}: ${firstLine(e.evalue, 140)
        .replace(/(['"])\/[^'"]*\1/g, "'…'")
        .replace(/\b\d+(\.\d+)?\b/g, 'N')}`;
const escape = (s: string) => s.replace(/\|/g, '\\|');

const expectedStatus = (corpus: string, id: string): string | null => {
  try {
    return JSON.parse(fs.readFileSync(path.join(corpus, id, 'nbrevive.case.json'), 'utf8')).expected?.status ?? null;
  } catch {
    return null;
  }
};

const results: CorpusResult[] = [];
for (const corpus of corpora) {
  const result: CorpusResult = { corpus, stacks: {} };
  for (const stack of stacks) result.stacks[stack.name] = { versions: stack.versions, ...runCorpus(corpus, stack) };
  results.push(result);

  console.log(`\n## ${corpus}\n`);
  for (const stack of stacks) console.log(`- ${stack.name}'s stack: ${stack.versions} (${stack.python})`);
  for (const line of skippedStacks) console.log(`- ${line}`);
  const ids = [...new Set(stacks.flatMap((s) => Object.keys(result.stacks[s.name]!.cases)))].sort();
  console.log('');
  console.log(
    `| case | ${stacks.map((s) => `${s.name}: outcome | ${s.name}: score | ${s.name}: first error left`).join(' | ')} | target |`,
  );
  console.log(`| --- | ${stacks.map(() => '--- | --- | ---').join(' | ')} | --- |`);
  for (const id of ids) {
    const cells = stacks.map((s) => {
      const c = result.stacks[s.name]!.cases[id];
      return c ? `${short(c.outcome)} | ${fmt(c.score)} | ${escape(errorText(c.errorsLeft[0]))}` : '- | - | -';
    });
    const target = stacks.map((s) => result.stacks[s.name]!.cases[id]?.target).find((t) => t !== undefined) ?? null;
    console.log(`| ${id} | ${cells.join(' | ')} | ${fmt(target)} |`);
  }
  console.log('');
  for (const stack of stacks) {
    const cases = result.stacks[stack.name]!.cases;
    const all = Object.entries(cases);
    const count = (outcome: string, of = all) => of.filter(([, c]) => c.outcome === outcome).length;
    const eroded = all.filter(([id]) => expectedStatus(corpus, id) !== 'ok');
    const controls = all.filter(([id]) => expectedStatus(corpus, id) === 'ok');
    const recovered = count('reproducible', eroded) + count('reproducible-with-errors', eroded);
    console.log(
      `${stack.name}: ${all.length} cases — error-free reproducible ${count('reproducible')}, reproducible with errors ${count('reproducible-with-errors')}, ` +
        `not reproducible ${count('not-reproducible')}, unfinished ${all.length - count('reproducible') - count('reproducible-with-errors') - count('not-reproducible')}; ` +
        `eroded recovered ${recovered}/${eroded.length} = ${((100 * recovered) / Math.max(1, eroded.length)).toFixed(0)}% (goal ≥ 60%), error-free ${count('reproducible', eroded)}` +
        (controls.length ? `; controls still reproducible ${count('reproducible', controls)}/${controls.length}` : '') +
        `; wall ${result.stacks[stack.name]!.wallSeconds.toFixed(0)} s`,
    );
  }
  // the errors no rule removed, by mechanism: which exceptions and messages are left, in how many cases per stack
  const byMechanism = new Map<string, Record<string, Set<string>>>();
  for (const stack of stacks) {
    for (const [id, c] of Object.entries(result.stacks[stack.name]!.cases)) {
      for (const e of c.errorsLeft) {
        const key = mechanism(e);
        const entry = byMechanism.get(key) ?? {};
        (entry[stack.name] ??= new Set()).add(id);
        byMechanism.set(key, entry);
      }
    }
  }
  if (byMechanism.size) {
    console.log(`\nErrors left, by mechanism (cases per stack)\n`);
    console.log(`| error | ${stacks.map((s) => s.name).join(' | ')} | cases |`);
    console.log(`| --- | ${stacks.map(() => '---').join(' | ')} | --- |`);
    const total = (e: Record<string, Set<string>>) => Object.values(e).reduce((n, s) => n + s.size, 0);
    for (const [key, entry] of [...byMechanism].sort((a, b) => total(b[1]) - total(a[1]) || a[0].localeCompare(b[0]))) {
      const cases = [...new Set(Object.values(entry).flatMap((s) => [...s]))].sort();
      console.log(
        `| ${escape(key)} | ${stacks.map((s) => entry[s.name]?.size ?? 0).join(' | ')} | ${cases.join(', ')} |`,
      );
    }
  }
}
if (values.json) {
  fs.writeFileSync(
    values.json,
    JSON.stringify({ fixers: values.fixers, concurrency: Number(values.concurrency), skippedStacks, results }, null, 2),
  );
  console.log(`\nwrote ${values.json}`);
}
