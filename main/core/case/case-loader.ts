// Turning what a user points at (a notebook, a case folder, or an nbrevive.case.json) into a ResolvedCase: the
// manifest validated, every path absolute and checked, so runtimes and scoring never resolve paths themselves.
// Also finds the cases of a corpus folder.
//
// Rules worth knowing:
// - A bare notebook is a case with score kind `none`; its id is the kebab-cased file name, its data folder is
//   `--data DIR`, else an `input/` folder beside it, else none.
// - The same `input/` fallback applies to a manifest without `data.dir`.
// - `--data DIR` replaces the manifest's data folder; data.files / data.urls entries that point inside the
//   manifest's data folder are then looked up in DIR instead (same relative path).
// - A declared data folder that does not exist is an error ('data-missing'), except when the manifest records
//   that the case has no data files at all (`provenance.data: []`, no data.files, no data.urls): git cannot store an
//   empty folder, so such a case is resolved with no data folder.
// - A corpus is any folder holding cases: every folder with an nbrevive.case.json (at any depth; nothing below a
//   case folder is searched), and every .ipynb file in a folder without a manifest (each a bare-notebook case).
//   node_modules, .git and other hidden folders (.ipynb_checkpoints) are skipped.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { NbreviveError } from '../../../shared/lib/errors';
import { JsonSyntaxError, parsePythonJson } from '../../../shared/lib/ipynb-json';
import { CaseManifestSchema, type CaseManifest, type ResolvedCase, type ScoreSpec } from '../../../shared/models/case';
import { specialFileKind } from '../notebook/notebook-file';

export const CASE_MANIFEST = 'nbrevive.case.json';

export interface CaseOverrides {
  /** data folder to use instead of the manifest's (the CLI's --data); relative to the current folder */
  dataDir?: string;
}

async function statOrNull(p: string): Promise<import('node:fs').Stats | null> {
  try {
    return await fs.stat(p);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw e;
  }
}

/** "Titanic Data Science Solutions.ipynb" → "titanic-data-science-solutions" (a valid case id). */
export function caseIdFromFileName(fileName: string): string {
  const stem = path.basename(fileName).replace(/\.[^.]*$/, '');
  const id = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return id || 'notebook';
}

/**
 * Load a case from a notebook file, a case folder (holding nbrevive.case.json) or a manifest path. Throws
 * NbreviveError: 'file-not-found' (target or notebook missing), 'invalid-case' (manifest unreadable or invalid),
 * 'data-missing' (data folder, data file, URL copy or answers file missing).
 */
export async function loadCase(target: string, overrides: CaseOverrides = {}): Promise<ResolvedCase> {
  const abs = path.resolve(target);
  const stat = await statOrNull(abs);
  if (!stat) {
    throw new NbreviveError(
      'file-not-found',
      `nothing found at ${abs}: give a notebook (.ipynb), a case folder ` +
        `holding ${CASE_MANIFEST}, or the path of a ${CASE_MANIFEST}`,
      { path: abs },
    );
  }
  const special = specialFileKind(stat);
  if (special) {
    // refused before anything reads it: /dev/zero never ends, /dev/urandom never ends either, a FIFO blocks
    throw new NbreviveError(
      'invalid-request',
      `${abs} is ${special}, not a file or folder: give a notebook (.ipynb), a ` +
        `case folder holding ${CASE_MANIFEST}, or the path of a ${CASE_MANIFEST}`,
      { path: abs },
    );
  }
  if (stat.isDirectory()) {
    const manifestPath = path.join(abs, CASE_MANIFEST);
    if (!(await statOrNull(manifestPath))?.isFile()) {
      throw new NbreviveError(
        'invalid-case',
        `${abs} is not a case folder: it has no ${CASE_MANIFEST}; give the ` +
          `notebook file itself, or add a ${CASE_MANIFEST} (format: see the README)`,
        { path: abs },
      );
    }
    return loadManifestCase(manifestPath, overrides);
  }
  if (/\.json$/i.test(abs)) return loadManifestCase(abs, overrides);
  return loadBareNotebook(abs, overrides);
}

async function resolveOverrideDataDir(overrides: CaseOverrides): Promise<string | null> {
  if (overrides.dataDir === undefined) return null;
  const dir = path.resolve(overrides.dataDir);
  const stat = await statOrNull(dir);
  if (!stat)
    throw new NbreviveError('data-missing', `data folder not found: ${dir} (given with --data); check the path`, {
      path: dir,
    });
  if (!stat.isDirectory())
    throw new NbreviveError(
      'data-missing',
      `${dir} (given with --data) is a file, not a folder: give the folder that holds the data files`,
      { path: dir },
    );
  return dir;
}

/** `input/` beside the notebook: where Kaggle notebooks find their data (../input from the working folder). */
async function inputFolderBeside(root: string): Promise<string | null> {
  const dir = path.join(root, 'input');
  return (await statOrNull(dir))?.isDirectory() ? dir : null;
}

/** The case a bare notebook makes: scored by execution only, its data in `dataDir` (or none). */
export function bareCase(notebookPath: string, dataDir: string | null): ResolvedCase {
  return {
    id: caseIdFromFileName(notebookPath),
    title: path.basename(notebookPath).replace(/\.[^.]*$/, ''),
    root: path.dirname(notebookPath),
    notebookPath,
    dataDir,
    files: {},
    dirs: [],
    urls: {},
    score: { kind: 'none' },
    target: null,
    created: null,
    competition: null,
    manifest: null,
  };
}

async function loadBareNotebook(notebookPath: string, overrides: CaseOverrides): Promise<ResolvedCase> {
  const dataDir = (await resolveOverrideDataDir(overrides)) ?? (await inputFolderBeside(path.dirname(notebookPath)));
  return bareCase(notebookPath, dataDir);
}

function describeValue(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function valueAt(root: unknown, keys: readonly PropertyKey[]): unknown {
  let v = root;
  for (const key of keys)
    v = typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

const SCORE_KINDS = ['output', 'submission', 'mlebench', 'none'];

/** One readable line per zod issue: "score.kind: must be one of …, got "accuracy"". */
function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const keys = issue.path;
  const where =
    keys.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`)).join('') ||
    '(top level)';
  const value = valueAt(input, keys);
  if (value === undefined && keys.length > 0) return `${where} is missing`;
  // zod reports an unknown score kind as a failed union on score.kind, with no list of the kinds
  if (
    issue.code === 'invalid_union' &&
    keys[0] === 'score' &&
    (keys.length === 1 || (keys.length === 2 && keys[1] === 'kind'))
  ) {
    const kind = keys.length === 1 ? valueAt(value, ['kind']) : value;
    return `score.kind must be one of ${SCORE_KINDS.join(', ')} (got ${describeValue(kind)})`;
  }
  const message = issue.message.replace(/^Invalid input: /, '');
  return `${where}: ${message} (got ${describeValue(value)})`;
}

async function readManifest(manifestPath: string): Promise<CaseManifest> {
  let text: string;
  try {
    text = await fs.readFile(manifestPath, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new NbreviveError('file-not-found', `case manifest not found: ${manifestPath} (check the path)`, {
        path: manifestPath,
      });
    }
    throw e;
  }
  let raw: unknown;
  try {
    raw = parsePythonJson(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    throw new NbreviveError(
      'invalid-case',
      `invalid case manifest ${manifestPath}: it is not valid JSON (${e.message})`,
      { path: manifestPath },
    );
  }
  const result = CaseManifestSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.slice(0, 5).map((i) => describeIssue(i, raw));
    const more = result.error.issues.length > 5 ? ` (and ${result.error.issues.length - 5} more)` : '';
    throw new NbreviveError('invalid-case', `invalid case manifest ${manifestPath}: ${problems.join('; ')}${more}`, {
      path: manifestPath,
      issues: result.error.issues.map((i) => describeIssue(i, raw)),
    });
  }
  return result.data;
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

async function loadManifestCase(manifestPath: string, overrides: CaseOverrides): Promise<ResolvedCase> {
  const manifest = await readManifest(manifestPath);
  const root = path.dirname(manifestPath);
  const where = `(${CASE_MANIFEST} of case ${manifest.id}, ${manifestPath})`;

  const notebookPath = path.resolve(root, manifest.notebook);
  if (!(await statOrNull(notebookPath))?.isFile()) {
    throw new NbreviveError(
      'file-not-found',
      `case ${manifest.id}: its notebook ${notebookPath} does not exist; fix "notebook" in ${manifestPath}`,
      {
        path: notebookPath,
      },
    );
  }

  const data = manifest.data ?? {};
  const declaredDataDir = data.dir !== undefined ? path.resolve(root, data.dir) : null;
  const overrideDataDir = await resolveOverrideDataDir(overrides);
  let dataDir: string | null;
  if (overrideDataDir) dataDir = overrideDataDir;
  else if (declaredDataDir) {
    const stat = await statOrNull(declaredDataDir);
    const provenanceData = valueAt(manifest.provenance, ['data']);
    const declaresNoData = Array.isArray(provenanceData) && provenanceData.length === 0 && !data.files && !data.urls;
    if (stat?.isDirectory()) dataDir = declaredDataDir;
    else if (!stat && declaresNoData) dataDir = null;
    else {
      throw new NbreviveError(
        'data-missing',
        `case ${manifest.id}: its data folder ${declaredDataDir} ` +
          `${stat ? 'is a file, not a folder' : 'does not exist'} (data.dir in ${manifestPath}): put the case's ` +
          `data files there, or give their folder with --data DIR`,
        { path: declaredDataDir },
      );
    }
  } else dataDir = await inputFolderBeside(root);

  /** a data file of the manifest; looked up in --data DIR when it lies inside the manifest's data folder */
  const locate = async (field: string, key: string, value: string): Promise<string> => {
    let file = path.resolve(root, value);
    if (overrideDataDir && declaredDataDir && isInside(file, declaredDataDir))
      file = path.join(overrideDataDir, path.relative(declaredDataDir, file));
    if (!(await statOrNull(file))) {
      throw new NbreviveError(
        'data-missing',
        `case ${manifest.id}: ${field}[${JSON.stringify(key)}] names ${file}, which does not exist ` +
          `${where}: restore the file, fix the manifest, or give a data folder that holds it with --data DIR`,
        { path: file, field, key },
      );
    }
    return file;
  };
  const files: Record<string, string> = {};
  for (const [expected, local] of Object.entries(data.files ?? {}))
    files[expected] = await locate('data.files', expected, local);
  const urls: Record<string, string> = {};
  for (const [url, local] of Object.entries(data.urls ?? {})) urls[url] = await locate('data.urls', url, local);

  return {
    id: manifest.id,
    title: manifest.title ?? manifest.id,
    root,
    notebookPath,
    dataDir,
    files,
    dirs: data.dirs ?? [],
    urls,
    score: await resolveScore(manifest, root, manifestPath),
    target: manifest.target ?? null,
    created: manifest.created ?? null,
    competition: manifest.competition ?? null,
    manifest,
  };
}

/** Paths in the score spec made absolute; answers files must exist (a case that cannot be graded is an input error). */
async function resolveScore(manifest: CaseManifest, root: string, manifestPath: string): Promise<ScoreSpec> {
  const score = manifest.score;
  if (score.kind === 'submission') {
    const answers = path.resolve(root, score.answers);
    if (!(await statOrNull(answers))?.isFile()) {
      throw new NbreviveError(
        'data-missing',
        `case ${manifest.id}: its answers file ${answers} does not exist ` +
          `(score.answers in ${manifestPath}): add the file or fix the path`,
        { path: answers },
      );
    }
    return { ...score, answers };
  }
  if (score.kind === 'mlebench') {
    // existence is checked by the mlebench grader, which knows what it needs inside these folders
    const resolved: Record<string, unknown> = { ...score };
    for (const key of ['dataDir', 'competitionsDir']) {
      const value = resolved[key];
      if (typeof value === 'string') resolved[key] = path.resolve(root, value);
    }
    return resolved as ScoreSpec;
  }
  return score;
}

const SKIPPED_FOLDERS = new Set(['node_modules', '__pycache__']);

/**
 * The cases under `dir`, sorted: case folders (holding nbrevive.case.json, at any depth) and bare .ipynb files
 * in folders without a manifest. Each entry is an absolute path `loadCase` accepts.
 */
export async function findCases(dir: string): Promise<string[]> {
  const root = path.resolve(dir);
  const stat = await statOrNull(root);
  if (!stat)
    throw new NbreviveError('file-not-found', `corpus folder not found: ${root} (check the path)`, { path: root });
  if (!stat.isDirectory())
    throw new NbreviveError(
      'invalid-request',
      `${root} is a file, not a corpus folder: give a folder holding case folders or notebooks`,
      { path: root },
    );
  const found: string[] = [];
  const visited = new Set<string>();
  const walk = async (folder: string): Promise<void> => {
    // symlinked folders are followed once: the real path guards against cycles
    const real = await fs.realpath(folder);
    if (visited.has(real)) return;
    visited.add(real);
    if ((await statOrNull(path.join(folder, CASE_MANIFEST)))?.isFile()) {
      found.push(folder);
      return;
    }
    const entries = await fs.readdir(folder, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
      const full = path.join(folder, entry.name);
      const isDir = entry.isDirectory() || (entry.isSymbolicLink() && (await statOrNull(full))?.isDirectory() === true);
      if (isDir) await walk(full);
      else if (/\.ipynb$/i.test(entry.name) && (entry.isFile() || (await statOrNull(full))?.isFile())) found.push(full);
    }
  };
  await walk(root);
  return found.sort();
}
