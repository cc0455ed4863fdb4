// Kaggle's folder layout for one execution, under the job's folder: `input/` (a copy of the case data, made once
// per job folder and checked before every execution, so the case folder is never touched) and a fresh `working/`
// (the kernel's cwd, so `../input/train.csv` resolves). Also places data.files and data.dirs, lists the URLs the
// kernel serves from local copies (data.urls and the user's URL map: url-map.ts) and computes the path rewrites
// (/kaggle paths, data.files targets) for the executed copy. Runtime-agnostic: Docker passes its own kernel-visible
// paths.
import fs from 'node:fs';
import path from 'node:path';
import { NbreviveError } from '../../../shared/lib/errors';
import type { ResolvedCase } from '../../../shared/models/case';
import type { Notebook } from '../../../shared/models/notebook';
import { kaggleMappings, rewriteNotebookPaths, type PathMapping } from './path-mapping';
import { requireUrlCopy, userUrlsNotInCase, type ServedUrl } from './url-map';

const INPUT_MANIFEST = '.nbrevive-input.json';

export interface WorkspaceOptions {
  /** how the kernel sees a host path under jobDir (Docker: its mount points); identity by default */
  toKernelPath?: (hostPath: string) => string;
  /** rewrite `/kaggle/input` and `/kaggle/working` literals (local: yes; Docker mounts those paths itself) */
  rewriteKaggle?: boolean;
  /** the user's URL map (URL → local file), served after the case's own data.urls */
  urlMap?: Record<string, string>;
  /**
   * how the kernel sees a mapped URL's copy outside the case data (`index` numbers the distinct files): Docker
   * mounts each one read-only; by default the kernel reads the file where it is (the local runtime)
   */
  urlFileKernelPath?: (hostPath: string, index: number) => string;
}

export interface Workspace {
  jobDir: string;
  inputDir: string;
  workingDir: string;
  /** files for absolute or outside-working data.files targets */
  extraDir: string;
  /** the notebook to hand to the runner: paths rewritten; never store it */
  notebookForRun: Notebook;
  mappings: PathMapping[];
  /** the URLs the kernel serves from local copies (the case's first) */
  servedUrls: ServedUrl[];
  /** working-dir-relative files nbrevive placed (data.files), with their state, so they are not reported as written */
  placed: Map<string, { size: number; mtimeMs: number }>;
}

interface InputManifest {
  source: string;
  files: Record<string, { size: number; mtimeMs: number }>;
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function walkFiles(root: string, limit = 100_000): string[] {
  const out: string[] = [];
  const todo = [''];
  while (todo.length > 0 && out.length < limit) {
    const rel = todo.pop() as string;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) todo.push(child);
      else out.push(child);
    }
  }
  return out.sort();
}

/**
 * The files of a case's data folder, for the copy into input/. Symlink policy: a link whose target stays inside
 * the data folder or the case folder is followed (a linked folder's files are copied under the link's name); a
 * link that leaves them, a broken link, a link back to a folder above it, and anything that is not a file or a
 * folder (a FIFO would block the copy forever, a device never ends) are refused with a typed error naming it.
 */
export function caseDataFiles(dataDir: string, bounds: readonly string[] = [dataDir], limit = 100_000): string[] {
  const roots = [...new Set([dataDir, ...bounds].map(realOrResolved))];
  const out: string[] = [];
  const todo: Array<{ rel: string; ancestors: string[] }> = [{ rel: '', ancestors: [realOrResolved(dataDir)] }];
  while (todo.length > 0 && out.length < limit) {
    const { rel, ancestors } = todo.pop() as { rel: string; ancestors: string[] };
    for (const entry of readDataFolder(dataDir, rel)) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      const full = path.join(dataDir, child);
      if (entry.isDirectory()) {
        todo.push({ rel: child, ancestors: [...ancestors, realOrResolved(full)] });
        continue;
      }
      if (entry.isFile()) {
        out.push(child);
        continue;
      }
      const link = entry.isSymbolicLink() ? followDataLink(child, full, roots, ancestors) : null;
      if (link?.folder) {
        todo.push({ rel: child, ancestors: [...ancestors, link.folder] });
        continue;
      }
      const stat = link?.stat ?? fs.statSync(full);
      if (stat.isFile()) {
        out.push(child);
        continue;
      }
      const kind = stat.isFIFO() ? 'a named pipe (FIFO)' : stat.isSocket() ? 'a socket' : 'a device';
      throw new NbreviveError(
        'invalid-case',
        `the case data holds ${child}, which is ${kind}, not a file: remove it from the case folder`,
        { path: full },
      );
    }
  }
  return out.sort();
}

function realOrResolved(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function readDataFolder(dataDir: string, rel: string): fs.Dirent[] {
  try {
    return fs.readdirSync(path.join(dataDir, rel), { withFileTypes: true });
  } catch (e) {
    throw new NbreviveError(
      'data-missing',
      `the case data folder ${path.join(dataDir, rel)} cannot be read: ${(e as Error).message}`,
      { path: path.join(dataDir, rel) },
    );
  }
}

/**
 * A link of the case data, followed: what it points at, and (for a folder) its real path to walk on. Refused when
 * broken, when it leaves the bounds (`roots`), or when it points at a folder it is itself inside (`ancestors`).
 */
function followDataLink(
  child: string,
  full: string,
  roots: readonly string[],
  ancestors: readonly string[],
): { stat: fs.Stats; folder: string | null } {
  let target: string;
  let stat: fs.Stats;
  try {
    target = fs.realpathSync(full);
    stat = fs.statSync(target);
  } catch {
    throw new NbreviveError(
      'data-missing',
      `the case data has a broken link ${child} (→ ` +
        `${fs.readlinkSync(full)}): remove it or point it at an existing file`,
      { path: full },
    );
  }
  if (!roots.some((r) => isInside(target, r))) {
    throw new NbreviveError(
      'invalid-case',
      `the case data has a link ${child} → ${target}, which leaves the case folder: nbrevive copies only what is ` +
        `inside the case. ` +
        'Copy the file (or folder) into the case folder, or give the ' +
        'folder it is in with --data (data.dir in nbrevive.case.json)',
      { path: full, target },
    );
  }
  if (!stat.isDirectory()) return { stat, folder: null };
  if (ancestors.includes(target)) {
    throw new NbreviveError(
      'invalid-case',
      `the case data has a link ${child} → ${target}, a folder it is itself inside: remove the link`,
      { path: full, target },
    );
  }
  return { stat, folder: target };
}

function copyFile(source: string, target: string): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.rmSync(target, { force: true }); // a read-only copy from an earlier run cannot be overwritten in place
  // a real copy (reflink where the file system can): a hard link would let the notebook write into the case
  fs.copyFileSync(source, target, fs.constants.COPYFILE_FICLONE);
}

/**
 * Makes `inputDir` an exact copy of `dataDir`. Copies once per job folder; on later calls only files that the
 * last execution changed, removed or added are put right. Files are made read-only, like Kaggle's input.
 */
export function syncInputCopy(
  dataDir: string | null,
  inputDir: string,
  manifestPath: string,
  bounds?: readonly string[],
): void {
  fs.mkdirSync(inputDir, { recursive: true });
  let manifest: InputManifest | null = null;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as InputManifest;
  } catch {
    manifest = null;
  }
  if (!manifest || manifest.source !== (dataDir ?? '')) {
    fs.rmSync(inputDir, { recursive: true, force: true });
    fs.mkdirSync(inputDir, { recursive: true });
    manifest = { source: dataDir ?? '', files: {} };
    for (const rel of dataDir ? caseDataFiles(dataDir, bounds) : []) {
      const target = path.join(inputDir, rel);
      copyFile(path.join(dataDir as string, rel), target);
      fs.chmodSync(target, 0o444);
      const st = fs.statSync(target);
      manifest.files[rel] = { size: st.size, mtimeMs: st.mtimeMs };
    }
    fs.writeFileSync(manifestPath, JSON.stringify(manifest));
    return;
  }
  const expected = manifest.files;
  for (const rel of walkFiles(inputDir)) {
    if (!(rel in expected)) fs.rmSync(path.join(inputDir, rel), { force: true });
  }
  for (const [rel, state] of Object.entries(expected)) {
    const target = path.join(inputDir, rel);
    let st: fs.Stats | null = null;
    try {
      st = fs.statSync(target);
    } catch {
      st = null;
    }
    if (st && st.isFile() && st.size === state.size && st.mtimeMs === state.mtimeMs) continue;
    if (st?.isDirectory()) fs.rmSync(target, { recursive: true, force: true });
    copyFile(path.join(manifest.source, rel), target);
    fs.chmodSync(target, 0o444);
    const fresh = fs.statSync(target);
    expected[rel] = { size: fresh.size, mtimeMs: fresh.mtimeMs };
  }
  fs.writeFileSync(manifestPath, JSON.stringify(manifest));
}

function requireSource(kind: string, key: string, source: string): void {
  if (!fs.existsSync(source)) {
    throw new NbreviveError(
      'data-missing',
      `the case maps ${kind} ${key} to ${source}, which does not ` +
        `exist: add the file to the case folder or fix nbrevive.case.json`,
      { key, source },
    );
  }
}

/** Lays out input/, a fresh working/ and the case's extra files under `request.jobDir`. */
export function prepareWorkspace(
  request: { notebook: Notebook; case: ResolvedCase; jobDir: string },
  options: WorkspaceOptions = {},
): Workspace {
  const toKernel = options.toKernelPath ?? ((p: string) => p);
  const jobDir = path.resolve(request.jobDir);
  const inputDir = path.join(jobDir, 'input');
  const workingDir = path.join(jobDir, 'working');
  const extraDir = path.join(jobDir, 'extra');
  const { case: c } = request;
  if (c.dataDir && !fs.existsSync(c.dataDir)) {
    throw new NbreviveError(
      'data-missing',
      `the case's data folder ${c.dataDir} does not exist: add it or fix data.dir in nbrevive.case.json`,
      {
        dataDir: c.dataDir,
      },
    );
  }
  fs.mkdirSync(jobDir, { recursive: true });
  syncInputCopy(c.dataDir, inputDir, path.join(jobDir, INPUT_MANIFEST), c.dataDir ? [c.dataDir, c.root] : undefined);
  fs.rmSync(workingDir, { recursive: true, force: true });
  fs.mkdirSync(workingDir, { recursive: true });
  fs.rmSync(extraDir, { recursive: true, force: true });

  const mappings: PathMapping[] =
    options.rewriteKaggle === false ? [] : kaggleMappings({ input: toKernel(inputDir), working: toKernel(workingDir) });
  const placed = placeCaseFiles(c, { workingDir, extraDir }, mappings, toKernel);
  const servedUrls = servedUrlsOf(c, inputDir, options, toKernel);
  const { notebook: notebookForRun } = rewriteNotebookPaths(request.notebook, mappings);
  return { jobDir, inputDir, workingDir, extraDir, notebookForRun, mappings, servedUrls, placed };
}

/**
 * Copies the case's data.files and makes its data.dirs: into working/ where the kernel reaches them as written,
 * else into extra/ with a path mapping added. Returns the files placed in working/ (size and time, to tell a file
 * the run rewrote from one it left alone).
 */
function placeCaseFiles(
  c: ResolvedCase,
  dirs: { workingDir: string; extraDir: string },
  mappings: PathMapping[],
  toKernel: (p: string) => string,
): Map<string, { size: number; mtimeMs: number }> {
  const { workingDir, extraDir } = dirs;
  const placed = new Map<string, { size: number; mtimeMs: number }>();
  // a target the kernel cannot reach as written (absolute, or outside working/) goes to extra/ and is rewritten
  const extraFor = (target: string): string =>
    path.join(extraDir, target.replace(/^[/\\]+/, '').replace(/\.\.(?=[/\\]|$)/g, '_up_'));

  for (const [target, source] of Object.entries(c.files)) {
    requireSource('data.files', target, source);
    const inWorking = !path.isAbsolute(target) && isInside(path.resolve(workingDir, target), workingDir);
    const dest = inWorking ? path.resolve(workingDir, target) : extraFor(target);
    copyFile(source, dest);
    if (inWorking) {
      const st = fs.statSync(dest);
      placed.set(path.relative(workingDir, dest).split(path.sep).join('/'), { size: st.size, mtimeMs: st.mtimeMs });
      // notebooks from repositories that kept them in a subfolder read the same file one level up
      // ('../Data/train.csv' for a mapped 'Data/train.csv'): point that spelling at the same copy
      mappings.push({ from: `../${target.replace(/^\.\//, '')}`, to: toKernel(dest), match: 'exact' });
    } else {
      mappings.push({ from: target, to: toKernel(dest), match: 'exact' });
    }
  }
  for (const dir of c.dirs) {
    const inWorking = !path.isAbsolute(dir) && isInside(path.resolve(workingDir, dir), workingDir);
    const dest = inWorking ? path.resolve(workingDir, dir) : extraFor(dir);
    fs.mkdirSync(dest, { recursive: true });
    if (!inWorking) mappings.push({ from: dir.replace(/[/\\]+$/, ''), to: toKernel(dest), match: 'prefix' });
  }
  return placed;
}

/** The case's URL copies and the user's URL map, each with the path the kernel reads it at. */
function servedUrlsOf(
  c: ResolvedCase,
  inputDir: string,
  options: WorkspaceOptions,
  toKernel: (p: string) => string,
): ServedUrl[] {
  // URL copies are only read, never copied per execution (a user's map may point at large files): those inside the
  // case data are read from input/, the others where they are (or, in Docker, through a read-only mount each)
  const servedUrls: ServedUrl[] = [];
  const outsideFiles = new Map<string, string>();
  const kernelPathOfCopy = (file: string): string => {
    if (c.dataDir && isInside(file, c.dataDir)) return toKernel(path.join(inputDir, path.relative(c.dataDir, file)));
    let seen = outsideFiles.get(file);
    if (seen === undefined) {
      seen = options.urlFileKernelPath ? options.urlFileKernelPath(file, outsideFiles.size) : file;
      outsideFiles.set(file, seen);
    }
    return seen;
  };
  for (const [url, local] of Object.entries(c.urls)) {
    requireUrlCopy(url, local, 'case');
    const kernelPath = kernelPathOfCopy(path.resolve(local));
    // served by the kernel to every opener; the literal is no longer rewritten to the copy's path, which broke
    // every call that needs a URL (urlopen, urlretrieve, requests.get) and changed what string operations compute
    servedUrls.push({ url, hostPath: path.resolve(local), kernelPath, source: 'case' });
  }
  for (const [url, local] of userUrlsNotInCase(c.urls, options.urlMap ?? {})) {
    requireUrlCopy(url, local, 'user');
    servedUrls.push({
      url,
      hostPath: path.resolve(local),
      kernelPath: kernelPathOfCopy(path.resolve(local)),
      source: 'user',
    });
  }
  return servedUrls;
}

/** Files under working/ after the run (relative, '/'-separated), except placed data.files left unchanged. */
export function listFilesWritten(workspace: Pick<Workspace, 'workingDir' | 'placed'>): string[] {
  return walkFiles(workspace.workingDir, 10_000).filter((rel) => {
    const placed = workspace.placed.get(rel);
    if (!placed) return true;
    try {
      const st = fs.statSync(path.join(workspace.workingDir, rel));
      return st.size !== placed.size || st.mtimeMs !== placed.mtimeMs;
    } catch {
      return false;
    }
  });
}
