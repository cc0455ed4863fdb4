// The rules as a fixer of the loop: asks the engine (rules-engine.ts) for one fix answering the problem of the last
// run, and, for the errors left, says why no rule applied (no rule, only rules for other versions, tried, refused)
// so the LLM fixer or a person can pick up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { showsNumpy2Scalars } from '../../../../shared/lib/score-output';
import { firstLine } from '../../../../shared/lib/text';
import type { CellError, EnvironmentDescription } from '../../../../shared/models/execution';
import type { Fix, FixType, Problem, UnresolvedError } from '../../../../shared/models/loop';
import type { Notebook } from '../../../../shared/models/notebook';
import type { Fixer, FixContext } from '../fixer';
import { resolveRuleId } from './catalog/aliases';
import { RULES } from './catalog/index';
import { namesToAsk } from './catalog/python/missing-import';
import { askPublicNames, importedPackages, undefinedNames, type PublicNames } from './public-names';
import { matchesSignature, versionGate, type Rule } from './rule';
import { applyRules, describeApplications, type ApplyOptions } from './rules-engine';

/** The rule kinds that answer each problem: an error is answered by repairs and by disabling decorative lines. */
const PROBLEM_KINDS: Record<Problem, readonly FixType[]> = {
  error: ['error-repair', 'environment'],
  'score-deviation': ['score-calibration'],
  timeout: ['runtime-reduction'],
};

/**
 * The calibration that prints numpy scalars as the notebook's numpy did: it rides along with an error repair (the
 * notebook is edited and executed again anyway) when the run shows numpy 2 scalar reprs where the author's saved
 * outputs show plain numbers, so the repaired notebook's outputs read like the author's.
 */
const LEGACY_PRINTING = 'numpy.legacy-scalar-printing';

/** The deterministic fixer: free, offline, instant; asked before any LLM. */
export class RulesFixer implements Fixer {
  readonly name = 'rules' as const;

  constructor(private readonly rules: readonly Rule[] = RULES) {}

  async propose(ctx: FixContext): Promise<Fix | null> {
    if (ctx.signal?.aborted) return null;
    let kinds = PROBLEM_KINDS[ctx.problem];
    let errors = ctx.problem === 'error' ? ctx.report.errors : [];
    let pool = this.rules;
    const publicNames = await publicNamesFor(ctx, this.rules);
    const apply = () =>
      applyRules(ctx.notebook, 'all', ctx.environment, {
        kinds,
        errors,
        case: ctx.case,
        exclude: ctx.exclude,
        rules: pool,
        original: ctx.original,
        publicNames,
      });
    let result = await apply();
    // a timeout with no safe runtime reduction left: the defaults of the notebook's era that also do less work (3
    // folds, 10 trees). Only for a notebook whose date is known to precede the change: it then computes what its
    // author computed, where an undated one might be recent and get a different result.
    if (result.edits.length === 0 && ctx.problem === 'timeout' && ctx.case.created) {
      kinds = ['score-calibration'];
      pool = this.rules.filter((rule) => rule.reducesWork);
      result = await apply();
      pool = this.rules;
    }
    // a run that timed out still raised errors in the cells it reached: with no safe runtime reduction left, repair
    // those (a slow machine, or a notebook near the limit, would otherwise stop with rules it never tried)
    if (result.edits.length === 0 && ctx.problem === 'timeout' && ctx.report.errors.some((e) => !e.preExisting)) {
      kinds = PROBLEM_KINDS.error;
      errors = ctx.report.errors;
      result = await apply();
    }
    if (result.edits.length === 0) return null;
    if (kinds.includes('error-repair') && showsNumpy2Scalars(ctx.notebook, ctx.original)) {
      const printing = this.rules.filter((rule) => rule.id === LEGACY_PRINTING && !ctx.exclude.has(rule.id));
      if (printing.length > 0) {
        kinds = [...kinds, 'score-calibration'];
        pool = [...this.rules.filter((rule) => rule.kind !== 'score-calibration'), ...printing];
        const withPrinting = await apply();
        if (withPrinting.ruleIds.includes(LEGACY_PRINTING)) result = withPrinting;
      }
    }
    const applied = this.rules.filter((rule) => result.ruleIds.includes(rule.id));
    const first = errors.find((error) => applied.some((rule) => matchesSignature(rule, error))) ?? errors[0];
    // an error fix that only disabled decorative lines is an `environment` fix; any repair makes it an error repair
    const repairs = applied.filter((rule) => rule.id !== LEGACY_PRINTING);
    const type: FixType = repairs.every((rule) => rule.kind === 'environment') ? 'environment' : (kinds[0] as FixType);
    const header =
      type === 'error-repair'
        ? 'Deterministic migrations for APIs that changed since the notebook was written:'
        : type === 'environment'
          ? 'Lines that only decorate the notebook, commented out because their package is missing here:'
          : type === 'score-calibration' && ctx.problem === 'timeout'
            ? `The run timed out: pin the defaults of the notebook's era ` +
              `(${ctx.case.created}) that also do less work, as its author's run did:`
            : type === 'score-calibration'
              ? `Pin defaults that changed after the notebook's date (${ctx.case.created ?? 'unknown'}) and that it ` +
                `did not set:`
              : 'Safe runtime reductions (results unchanged):';
    return {
      type,
      source: 'rules',
      ruleIds: result.ruleIds,
      model: null,
      plan: `${header}\n${describeApplications(result, this.rules)}`,
      edits: result.edits,
      usage: null,
      flags: [...new Set(applied.flatMap((rule) => rule.flags ?? []))],
      signature: first
        ? `${first.ename}: ${firstLine(first.evalue).slice(0, 200)}`
        : `rules:${result.ruleIds.join(',')}`,
    };
  }

  /** Why no rule applied to each error of the run that counts (the loop stores it when a job ends with errors). */
  async diagnose(ctx: FixContext): Promise<UnresolvedError[]> {
    const errors = ctx.report.errors.filter((error) => !error.preExisting);
    return diagnoseErrors(ctx.notebook, ctx.environment, {
      errors,
      case: ctx.case,
      exclude: ctx.exclude,
      rules: this.rules,
      kinds: PROBLEM_KINDS.error,
      publicNames: await publicNamesFor(ctx, this.rules),
    });
  }
}

/** The rule that imports a name the notebook uses but never imports; it reads the runtime's answer. */
const MISSING_IMPORT = 'python.missing-import';

/**
 * Where the run's undefined names (its NameErrors) are public in the libraries the notebook imports, asked of the
 * job's runtime (cached); null when no rule reads it, or there is no runtime or nothing to ask.
 */
async function publicNamesFor(ctx: FixContext, rules: readonly Rule[]): Promise<PublicNames | null> {
  if (!ctx.runtime || ctx.signal?.aborted || !rules.some((rule) => rule.id === MISSING_IMPORT)) return null;
  const names = await namesToAsk(ctx.notebook, undefinedNames(ctx.report.errors));
  if (names.length === 0) return null;
  const packages = await importedPackages(ctx.notebook);
  if (packages.length === 0) return null;
  // an empty folder of its own as the working directory: nothing there shadows a library (a notebook's own
  // sklearn.py), and the Docker runtime mounts only it; a folder that cannot be made (a full disk) is no answer
  let cwd: string;
  try {
    cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-public-names-'));
  } catch {
    return null;
  }
  try {
    return await askPublicNames(ctx.runtime, ctx.environment, packages, names, cwd);
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}

/** The library of the API-change table's generic repairs (catalog/api-table.ts, api-kwargs.ts). */
const GENERIC = 'generic';

/** `rule a`, `rules a, b` */
function rulesText(rules: readonly Rule[]): string {
  return `rule${rules.length > 1 ? 's' : ''} ${rules.map((rule) => rule.id).join(', ')}`;
}

/**
 * Why no rule fixed each error: no rule's error signature matches it (or only rules for other library versions
 * do); every matching rule was tried and did not help (options.exclude); a matching rule's edit is refused (it
 * would parse worse); a matching rule would edit the cell but was not tried (the job stopped first, or its edit
 * leads back to a version already run); or the matching rules leave the code alone (what they rewrite is not
 * there, or it is ambiguous: a name the notebook defines itself, a call they cannot read safely).
 */
export async function diagnoseErrors(
  notebook: Notebook,
  env: EnvironmentDescription,
  options: Pick<ApplyOptions, 'case' | 'created' | 'exclude' | 'rules' | 'kinds' | 'publicNames'> & {
    errors: readonly CellError[];
  },
): Promise<UnresolvedError[]> {
  const kinds = new Set(options.kinds ?? PROBLEM_KINDS.error);
  const diagnosis: Diagnosis = {
    notebook,
    env,
    pool: (options.rules ?? RULES).filter((rule) => kinds.has(rule.kind)),
    exclude: new Set([...(options.exclude ?? [])].map(resolveRuleId)),
    applyOptions: {
      ...(options.case !== undefined ? { case: options.case } : {}),
      ...(options.created !== undefined ? { created: options.created } : {}),
      ...(options.publicNames ? { publicNames: options.publicNames } : {}),
    },
  };
  const out: UnresolvedError[] = [];
  for (const error of options.errors) out.push(await diagnoseError(error, diagnosis));
  return out;
}

/** What every error's diagnosis reads: the notebook, the environment, the rules in question and those tried. */
interface Diagnosis {
  notebook: Notebook;
  env: EnvironmentDescription;
  pool: Rule[];
  /** the rules tried already (resolved ids) */
  exclude: Set<string>;
  applyOptions: Pick<ApplyOptions, 'case' | 'created' | 'publicNames'>;
}

/**
 * The rules whose error signature matches the error. The table's generic repairs match whole classes of errors
 * (every "has no attribute"): they count as matching only where they would edit this cell, or were tried;
 * otherwise the error is a gap of the specific rules.
 */
async function matchingRules(error: CellError, d: Diagnosis): Promise<Rule[]> {
  const matching = d.pool.filter((rule) => matchesSignature(rule, error));
  const generic = matching.filter(
    (rule) => rule.library === GENERIC && !d.exclude.has(rule.id) && versionGate(rule, d.env) !== 'no',
  );
  if (generic.length === 0) return matching;
  const probe = await applyRules(
    d.notebook,
    generic.map((rule) => rule.id),
    d.env,
    {
      errors: [error],
      ...d.applyOptions,
      rules: generic,
    },
  );
  const editing = new Set(probe.applications.filter((a) => a.cellIndex === error.cellIndex).map((a) => a.ruleId));
  return matching.filter((rule) => rule.library !== GENERIC || d.exclude.has(rule.id) || editing.has(rule.id));
}

/** Why no rule fixed one error (the reasons of diagnoseErrors, in that order). */
async function diagnoseError(error: CellError, d: Diagnosis): Promise<UnresolvedError> {
  const matching = await matchingRules(error, d);
  const entry = (reason: UnresolvedError['reason'], detail: string): UnresolvedError => ({
    cellIndex: error.cellIndex,
    cellId: error.cellId,
    ename: error.ename,
    evalue: firstLine(error.evalue),
    reason,
    detail,
    ruleIds: matching.map((rule) => rule.id),
  });
  const gated = matching.filter((rule) => versionGate(rule, d.env) !== 'no');
  if (gated.length === 0) {
    const other = matching.map(
      (rule) => `${rule.id} (${rule.since.package} ${rule.since.version}${rule.until ? ` to ${rule.until}` : '+'})`,
    );
    return entry(
      'no-rule',
      other.length
        ? `only rules for other versions match this error: ${other.join(', ')}`
        : 'no rule in the catalog matches this error',
    );
  }
  const live = gated.filter((rule) => !d.exclude.has(rule.id));
  if (live.length === 0)
    return entry('did-not-help', `${rulesText(gated)} ${gated.length > 1 ? 'were' : 'was'} tried and did not help`);
  const result = await applyRules(
    d.notebook,
    live.map((rule) => rule.id),
    d.env,
    { errors: [error], ...d.applyOptions, rules: live },
  );
  // a rule whose fix lies outside the failing cell (trigger.anywhere) answers the error wherever it edits
  const answers = (rule: Rule | undefined, cellIndex: number): boolean =>
    cellIndex === error.cellIndex || !!rule?.trigger.anywhere;
  const refused = result.refused.filter((r) =>
    answers(
      live.find((rule) => rule.id === r.ruleId),
      r.cellIndex,
    ),
  );
  const applied = live.filter((rule) =>
    result.applications.some((a) => a.ruleId === rule.id && answers(rule, a.cellIndex)),
  );
  if (applied.length > 0) {
    return entry(
      'not-tried',
      `${rulesText(applied)} would edit this cell but ${applied.length > 1 ? 'were' : 'was'} not tried: the job ` +
        `stopped first, or the edit leads back to a version already run`,
    );
  }
  if (refused.length > 0)
    return entry('refused', refused.map((r) => `${r.ruleId}'s edit was refused: ${r.reason}`).join('; '));
  return entry(
    'ambiguous',
    `${rulesText(live)} ${live.length > 1 ? 'match' : 'matches'} this error but left the code alone: what ` +
      `${live.length > 1 ? 'they rewrite' : 'it rewrites'} is not there, or it is ambiguous (a name the notebook ` +
      `defines itself, a call it cannot read safely)`,
  );
}
