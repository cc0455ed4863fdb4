// `nbrevive targets NOTEBOOK` (the scores the author saw, ranked: shared/lib/target-discovery/) and `nbrevive
// case init NOTEBOOK` (writes an nbrevive.case.json beside the notebook with the chosen target and data folder).
import fs from 'node:fs/promises';
import path from 'node:path';
import { NbreviveError } from '../../../shared/lib/errors';
import { discoverTargets, type TargetCandidate } from '../../../shared/lib/target-discovery';
import { CASE_MANIFEST, caseIdFromFileName, loadCase } from '../../core/case/case-loader';
import { candidateScore } from '../../core/jobs/auto-target';
import { readNotebookFile } from '../../core/notebook/notebook-file';
import { bold } from '../format';
import { COMMON_OPTIONS, parse, UsageError } from '../options';

export const TARGETS_HELP = `usage: nbrevive targets <notebook> [--json] [--limit N]

Lists the scores the notebook's saved outputs show (printed metrics, results of scoring calls, metric columns of
tables), best first, each with its cell, the line, a regex that reads it, the direction and why it ranks there.
'nbrevive run --target auto' and 'nbrevive case init' use the first one.

  --limit N   candidates shown (default 10)
  --json      print {notebook, candidates: [...]}`;

export const CASE_HELP = `usage: nbrevive case init <notebook> [--data DIR] [--pick N] [--force]

Writes nbrevive.case.json beside the notebook: its id, the data folder, and the target found in its saved outputs
(the best candidate of 'nbrevive targets', or candidate N with --pick N; score kind none when there is none).

  --data DIR   the data folder (default: input/ beside the notebook, when there is one)
  --pick N     use candidate N of 'nbrevive targets' instead of the first
  --force      overwrite an existing nbrevive.case.json
  --json       print the manifest written`;

function notebookArg(positionals: string[], command: string): string {
  const target = positionals[0];
  if (!target || positionals.length > 1)
    throw new UsageError(`nbrevive ${command} takes exactly one notebook (.ipynb)`);
  return target;
}

function describe(c: TargetCandidate): string {
  const dir = c.higherIsBetter ? 'higher is better' : 'lower is better';
  return [
    `${bold(`${c.rank}.`)} ${c.metric} ${c.value}  cell ${c.cellIndex}  (${dir}; ` +
      `${c.origin}${c.scoreable ? '' : ', not readable by an output score spec'})`,
    `   line:    ${JSON.stringify(c.line.trim().slice(0, 100))}`,
    `   pattern: ${c.pattern}  (${c.occurrence})`,
    `   why:     ${c.reason}`,
  ].join('\n');
}

export async function targetsCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { ...COMMON_OPTIONS, limit: { type: 'string' } });
  if (values.help) {
    console.log(TARGETS_HELP);
    return 0;
  }
  const file = path.resolve(notebookArg(positionals, 'targets'));
  const limit = values.limit === undefined ? 10 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError(`--limit must be a positive integer, got '${values.limit}'`);
  const candidates = discoverTargets(await readNotebookFile(file), { limit });
  if (values.json) {
    console.log(JSON.stringify({ notebook: file, candidates }));
    return 0;
  }
  if (!candidates.length) {
    console.log(`no score found in the saved outputs of ${file}: nothing it printed is named like a metric`);
    return 0;
  }
  console.log(candidates.map(describe).join('\n'));
  return 0;
}

export async function caseCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (!sub || sub === '--help' || sub === '-h') {
    console.log(CASE_HELP);
    return 0;
  }
  if (sub !== 'init') throw new UsageError(`unknown case command '${sub}' (only: case init NOTEBOOK)`);
  const { values, positionals } = parse(rest, {
    ...COMMON_OPTIONS,
    data: { type: 'string' },
    pick: { type: 'string' },
    force: { type: 'boolean', default: false },
  });
  if (values.help) {
    console.log(CASE_HELP);
    return 0;
  }
  const file = path.resolve(notebookArg(positionals, 'case init'));
  // the same checks as a run: the notebook is readable, the data folder exists
  const resolved = await loadCase(file, values.data ? { dataDir: values.data } : {});
  const root = path.dirname(file);
  const manifestPath = path.join(root, CASE_MANIFEST);
  if (!values.force && (await fs.stat(manifestPath).catch(() => null))) {
    throw new NbreviveError('invalid-request', `${manifestPath} already exists; add --force to overwrite it`, {
      path: manifestPath,
    });
  }
  const candidates = discoverTargets(await readNotebookFile(file), { limit: 50 }).filter((c) => c.scoreable);
  const pick = values.pick === undefined ? 1 : Number(values.pick);
  if (!Number.isInteger(pick) || pick < 1)
    throw new UsageError(`--pick must be a positive integer, got '${values.pick}'`);
  if (values.pick !== undefined && pick > candidates.length) {
    throw new UsageError(
      `--pick ${pick}: the notebook has ${candidates.length} candidate ` +
        `target(s) (see nbrevive targets ${JSON.stringify(file)})`,
    );
  }
  const chosen = candidates[pick - 1];
  const manifest: Record<string, unknown> = {
    id: caseIdFromFileName(file),
    title: path.basename(file).replace(/\.[^.]*$/, ''),
    notebook: path.basename(file),
    ...(resolved.dataDir ? { data: { dir: path.relative(root, resolved.dataDir) || '.' } } : {}),
    ...(chosen ? candidateScore(chosen) : { score: { kind: 'none' } }),
    provenance: {
      target: chosen
        ? `nbrevive case init: candidate ${chosen.rank} of ` +
          `${candidates.length} found in the saved outputs (${chosen.reason})`
        : 'nbrevive case init: no score found in the saved outputs',
    },
  };
  await fs.writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  await loadCase(manifestPath); // what was written loads as a case
  if (values.json) console.log(JSON.stringify({ manifest: manifestPath, ...manifest }));
  else {
    console.log(`written: ${manifestPath}`);
    console.log(
      chosen
        ? `target: ${chosen.metric} ${chosen.value} (cell ${chosen.cellIndex}, ` +
            `${JSON.stringify(chosen.line.trim().slice(0, 80))})`
        : 'target: none found (score kind none)',
    );
    if (resolved.dataDir) console.log(`data:   ${resolved.dataDir}`);
  }
  return 0;
}
