// Helper modules beside a notebook: the .py files a case places next to it (data.files: a course's `mglearn/`
// package, a `preamble.py`) are code of the same era, broken by the same library changes, but they are not cells,
// so a fix of the notebook never reaches them. Before each execution of a job that uses the rules fixer, the rules
// engine modernizes the executed copies of those modules: every error-repair rule that is certainly broken in this
// environment (pattern-triggered, version-gated), and the error-triggered rules for the errors earlier runs of the
// job raised inside the module (the traceback's frame in that file names the line). The modernized copies live in
// the execution's folder and replace the originals only in the kernel's working directory: the case folder and the
// stored notebook keep the author's code, as the path rewrites of the executed copy do.
import fs from 'node:fs';
import path from 'node:path';
import { stripAnsi } from '../../../../shared/lib/text';
import type { ResolvedCase } from '../../../../shared/models/case';
import type { CellError, EnvironmentDescription } from '../../../../shared/models/execution';
import { applyRules } from './rules-engine';
import { oneCellNotebook } from './working-notebook';

/** Larger files are data that happens to end in .py, or generated code: left as they are. */
const MAX_MODULE_BYTES = 1_000_000;

export interface ModernizedModule {
  /** the data.files target (working-dir-relative path the notebook imports it from) */
  target: string;
  ruleIds: string[];
}

export interface HelperModulesResult {
  /** the case to execute: data.files of modernized modules point at their modernized copies */
  case: ResolvedCase;
  modernized: ModernizedModule[];
}

/** Errors raised inside each helper module during this job's earlier runs, per case object (one per job run). */
const moduleErrors = new WeakMap<ResolvedCase, Map<string, Map<string, CellError>>>();

function moduleTargets(kase: ResolvedCase): [string, string][] {
  return Object.entries(kase.files).filter(([target]) => target.endsWith('.py') && !path.isAbsolute(target));
}

/** The innermost traceback frame in this module: its 1-based line, or null (`File /…/mglearn/tools.py:6`). */
function frameLine(error: CellError, target: string): number | null {
  const wanted = target.replace(/^\.\//, '');
  let found: number | null = null;
  for (const entry of error.traceback.map(stripAnsi)) {
    for (const match of entry.matchAll(/File\s+"?([^\s"]+?\.py)"?(?::|, line )(\d+)/g)) {
      const file = (match[1] as string).split(path.sep).join('/');
      if (file === wanted || file.endsWith(`/${wanted}`)) found = Number(match[2]);
    }
  }
  return found;
}

/**
 * Remembers the errors a run raised inside the case's helper modules, so the next execution's copies get the
 * error-triggered rules for them (and keep them in later executions, where the fixed line no longer fails).
 */
export function recordHelperModuleErrors(kase: ResolvedCase, errors: readonly CellError[], workingDir?: string): void {
  const targets = moduleTargets(kase);
  if (targets.length === 0 || errors.length === 0) return;
  let perModule = moduleErrors.get(kase);
  for (const [target, source] of targets) {
    for (const error of errors) {
      const line = frameLine(error, target);
      if (line === null) continue;
      // the line as the kernel ran it: the executed copy (maybe already modernized), else the original
      let text = '';
      for (const file of workingDir ? [path.join(workingDir, target), source] : [source]) {
        try {
          text = fs.readFileSync(file, 'utf8').split('\n')[line - 1]?.trim() ?? '';
          break;
        } catch {
          continue;
        }
      }
      if (!text) continue;
      if (!perModule) moduleErrors.set(kase, (perModule = new Map()));
      let known = perModule.get(target);
      if (!known) perModule.set(target, (known = new Map()));
      const key = `${error.ename}\u0000${error.evalue}\u0000${text}`;
      if (!known.has(key))
        known.set(key, {
          cellIndex: 0,
          cellId: null,
          ename: error.ename,
          evalue: error.evalue,
          traceback: [],
          line: text,
          preExisting: false,
        });
    }
  }
}

/**
 * Environment rules a helper module gets for the errors raised inside it. Only the diagram packages' guard: it keeps
 * every computed value (those packages only draw), while the notebook-wide environment rules judge "unused" from the
 * notebook's cells, which a module is not.
 */
const MODULE_ENVIRONMENT_RULES = ['environment.diagram-imports'];

/** What the log names for a deferred import (no catalog rule: a helper module's own repair). */
export const DEFERRED_IMPORT = 'helper-modules.deferred-import';

/**
 * A helper module is a library of functions of which a notebook uses a few: a top-level `from M import N` of a name
 * its library removed (an earlier run's ImportError "cannot import name 'N' from 'M'", left after the rules) fails
 * the whole import, and every function with it. The name's import is deferred to its use: guarded by
 * `except ImportError`, so the module imports and only code that uses N fails (NameError), as it would have failed
 * anyway; the other names of the statement are imported as before.
 */
export function deferRemovedImports(source: string, errors: readonly CellError[]): { source: string; names: string[] } {
  const names: string[] = [];
  let out = source;
  for (const error of errors) {
    if (error.ename !== 'ImportError') continue;
    // the name: "cannot import name 'N' from 'M'", or (a library's own message, scikit-learn 1.2's load_boston) the
    // one name of the failing `from M import …` line that the message mentions
    let name: string | undefined;
    let module: string | undefined;
    const removed = /cannot import name '(\w+)' from '([\w.]+)'/.exec(error.evalue);
    if (removed) [, name, module] = removed;
    else {
      const line = /^from\s+([\w.]+)\s+import\s+([\w\s,]+?)\s*(#.*)?$/.exec(error.line ?? '');
      const named = (line?.[2] ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item && new RegExp(`\\b${item}\\b`).test(error.evalue));
      if (line && named.length === 1) [module, name] = [line[1], named[0]];
    }
    if (!name || !module) continue;
    const lines = out.split('\n');
    const index = lines.findIndex((line) => {
      const m = /^from\s+([\w.]+)\s+import\s+([\w\s,]+?)\s*(#.*)?$/.exec(line);
      return m?.[1] === module && (m[2] as string).split(',').some((item) => item.trim() === name);
    });
    if (index === -1) continue;
    const items = (/import\s+([\w\s,]+?)\s*(#.*)?$/.exec(lines[index] as string)?.[1] ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const rest = items.filter((item) => item !== name);
    lines.splice(
      index,
      1,
      ...(rest.length ? [`from ${module} import ${rest.join(', ')}`] : []),
      'try:',
      `    from ${module} import ${name}`,
      `except ImportError:  # nbrevive: ${module} has no ${name} any more; only code that uses it fails`,
      '    pass',
    );
    out = lines.join('\n');
    names.push(name);
  }
  return { source: out, names };
}

/**
 * The case to execute, with its helper modules modernized into `outDir` (a folder of this execution). Modules no
 * rule changes keep their original path; a module that cannot be read is left to fail as it would.
 */
export async function modernizeHelperModules(
  kase: ResolvedCase,
  env: EnvironmentDescription,
  outDir: string,
): Promise<HelperModulesResult> {
  const targets = moduleTargets(kase);
  if (targets.length === 0) return { case: kase, modernized: [] };
  const files = { ...kase.files };
  const modernized: ModernizedModule[] = [];
  for (const [target, source] of targets) {
    let text: string;
    try {
      if (fs.statSync(source).size > MAX_MODULE_BYTES) continue;
      text = fs.readFileSync(source, 'utf8');
    } catch {
      continue;
    }
    const errors = [...(moduleErrors.get(kase)?.get(target)?.values() ?? [])];
    const result = await applyRules(oneCellNotebook(text), 'all', env, { kinds: ['error-repair'], case: kase, errors });
    let ruled = result.edits[0]?.source ?? text;
    const ruleIds = [...result.ruleIds];
    // a missing diagram package the module imports (its own plot_tree helper's `import graphviz`) stops the import
    // of every function in it: the environment rule that guards such an import answers the error there too
    if (errors.length > 0) {
      const guarded = await applyRules(oneCellNotebook(ruled), MODULE_ENVIRONMENT_RULES, env, { case: kase, errors });
      const source = guarded.edits[0]?.source;
      if (source) {
        ruled = source;
        ruleIds.push(...guarded.ruleIds);
      }
    }
    const deferred = deferRemovedImports(ruled, errors);
    const modern = deferred.source;
    if (modern === text) continue;
    const dest = path.join(outDir, target.replace(/\.\.(?=[/\\]|$)/g, '_up_'));
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, modern);
    files[target] = dest;
    modernized.push({ target, ruleIds: deferred.names.length ? [...ruleIds, DEFERRED_IMPORT] : ruleIds });
  }
  return modernized.length === 0 ? { case: kase, modernized } : { case: { ...kase, files }, modernized };
}

/** Do two executions' cases place different helper module sources (the same path, or the same content, is equal)? */
export function helperModulesDiffer(a: ResolvedCase, b: ResolvedCase): boolean {
  for (const [target] of moduleTargets(b)) {
    const left = a.files[target];
    const right = b.files[target];
    if (left === right) continue;
    if (!left || !right) return true;
    try {
      if (fs.readFileSync(left, 'utf8') !== fs.readFileSync(right, 'utf8')) return true;
    } catch {
      return true;
    }
  }
  return false;
}
