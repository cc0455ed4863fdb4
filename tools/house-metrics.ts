// The "house" figures of issue 14, so that a before/after is reproducible: over the product code (main/, shared/,
// renderer/src) the files over 400 lines, the functions over 80 lines and the lines over 120 characters; over the
// whole tree the pairs of places `duplicates` lists (when that tool is on PATH), and those left outside the rule
// catalog (main/core/fixers/rules/catalog, one rule per file whose headers share a shape, and the generated
// signature table) and the test fixtures (test/fixtures).
//   npx tsx tools/house-metrics.ts [--list] [--json]
// --list also names the long files and functions, longest first; --json prints the figures as one JSON object.
// The same three counts per top folder (main, shared, renderer, tools, test, bin) cover every tracked TypeScript and
// JavaScript file: `byFolder`, and its `all` row.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const PRODUCT_DIRS = ['main', 'shared', 'renderer/src'];
const LIMITS = { fileLines: 400, functionLines: 80, lineChars: 120 };
/** paths whose repeated shapes are expected: one rule per file with the same header, and stored test inputs */
const DUPLICATES_LEFT_OUT = ['main/core/fixers/rules/catalog/', 'test/fixtures/'];

interface Measured {
  where: string;
  lines: number;
}

/** the counts of one folder (files over 400 lines, functions over 80 lines, lines over 120 characters) */
interface FolderFigures {
  files: number;
  filesOver400: number;
  functionsOver80: number;
  linesOver120: number;
}

const FOLDERS = ['main', 'shared', 'renderer', 'tools', 'test', 'bin'];

interface Figures {
  files: number;
  filesOver400: Measured[];
  functionsOver80: Measured[];
  linesOver120: number;
  duplicatePairs: number | null;
  duplicatePairsOutsideCatalogAndFixtures: number | null;
  byFolder: Record<string, FolderFigures>;
}

/**
 * the tracked and untracked-not-ignored files below ROOT, as git lists them (a link to a folder, such as a worktree's
 * node_modules, is no file)
 */
function treeFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return out
    .split('\n')
    .filter((f) => f !== '' && fs.statSync(path.join(ROOT, f), { throwIfNoEntry: false })?.isFile());
}

function productFiles(all: string[]): string[] {
  return all.filter(
    (f) => PRODUCT_DIRS.some((d) => f.startsWith(`${d}/`)) && /\.tsx?$/.test(f) && !f.endsWith('.d.ts'),
  );
}

function functionName(node: ts.Node, source: ts.SourceFile): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if ((ts.isGetAccessor(node) || ts.isSetAccessor(node)) && node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(source);
  }
  return '(anonymous)';
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessor(node) ||
    ts.isSetAccessor(node)
  );
}

/** every function of a file with its length in lines, nested ones counted on their own too */
function functionLengths(file: string, text: string): Measured[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: Measured[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunction(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ where: `${file}:${first + 1} ${functionName(node, source)}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** the pair count from the first line `duplicates` prints, or null where the tool is not there */
function duplicatePairs(repo: string): number | null {
  try {
    const out = execFileSync('duplicates', ['--repo', repo, '--most', '1', '--seconds', '300'], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const first = out.split('\n')[0] ?? '';
    if (first.startsWith('no duplicates')) return 0;
    const m = /^(\d+) pairs? of places/.exec(first);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** the same count over a copy of the tree without the paths whose repeats are expected */
function duplicatePairsOutside(all: string[]): number | null {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'house-metrics-'));
  try {
    for (const f of all) {
      if (DUPLICATES_LEFT_OUT.some((p) => f.startsWith(p))) continue;
      fs.mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
      fs.copyFileSync(path.join(ROOT, f), path.join(copy, f));
    }
    return duplicatePairs(copy);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

/** The three counts per top folder and over all of them, for every tracked .ts/.tsx/.js/.mjs file. */
function byFolder(all: string[]): Record<string, FolderFigures> {
  const rows: Record<string, FolderFigures> = {};
  const empty = (): FolderFigures => ({ files: 0, filesOver400: 0, functionsOver80: 0, linesOver120: 0 });
  for (const file of all) {
    const folder = file.split('/')[0] as string;
    if (!FOLDERS.includes(folder) || !/\.(tsx?|m?js)$/.test(file) || file.endsWith('.d.ts')) continue;
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    for (const row of [(rows[folder] ??= empty()), (rows.all ??= empty())]) {
      row.files++;
      if (lines.length > LIMITS.fileLines) row.filesOver400++;
      row.linesOver120 += lines.filter((l) => l.length > LIMITS.lineChars).length;
      row.functionsOver80 += functionLengths(file, text).filter((f) => f.lines > LIMITS.functionLines).length;
    }
  }
  return rows;
}

function measure(): Figures {
  const all = treeFiles();
  const files = productFiles(all);
  const filesOver400: Measured[] = [];
  const functionsOver80: Measured[] = [];
  let linesOver120 = 0;
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    if (lines.length > LIMITS.fileLines) filesOver400.push({ where: file, lines: lines.length });
    linesOver120 += lines.filter((l) => l.length > LIMITS.lineChars).length;
    functionsOver80.push(...functionLengths(file, text).filter((f) => f.lines > LIMITS.functionLines));
  }
  const longestFirst = (a: Measured, b: Measured): number => b.lines - a.lines;
  return {
    files: files.length,
    filesOver400: filesOver400.sort(longestFirst),
    functionsOver80: functionsOver80.sort(longestFirst),
    linesOver120,
    duplicatePairs: duplicatePairs(ROOT),
    duplicatePairsOutsideCatalogAndFixtures: duplicatePairsOutside(all),
    byFolder: byFolder(all),
  };
}

function main(argv: string[]): void {
  const figures = measure();
  if (argv.includes('--json')) {
    console.log(JSON.stringify(figures, null, 2));
    return;
  }
  const pairs = (n: number | null): string => (n === null ? 'n/a (`duplicates` not on PATH)' : String(n));
  console.log(`product files (${PRODUCT_DIRS.join(', ')}): ${figures.files}`);
  console.log(`files over ${LIMITS.fileLines} lines: ${figures.filesOver400.length}`);
  console.log(`functions over ${LIMITS.functionLines} lines: ${figures.functionsOver80.length}`);
  console.log(`lines over ${LIMITS.lineChars} characters: ${figures.linesOver120}`);
  console.log(`duplicate pairs (whole tree): ${pairs(figures.duplicatePairs)}`);
  console.log(
    `duplicate pairs outside ${DUPLICATES_LEFT_OUT.join(' and ')}: ` +
      `${pairs(figures.duplicatePairsOutsideCatalogAndFixtures)}`,
  );
  console.log(
    `\nper folder (every .ts/.tsx/.js/.mjs): files, over ${LIMITS.fileLines} lines, ` +
      `functions over ${LIMITS.functionLines}, lines over ${LIMITS.lineChars}`,
  );
  for (const folder of [...FOLDERS, 'all']) {
    const row = figures.byFolder[folder];
    if (!row) continue;
    console.log(
      `  ${folder.padEnd(9)} ${String(row.files).padStart(5)} ${String(row.filesOver400).padStart(5)} ` +
        `${String(row.functionsOver80).padStart(5)} ${String(row.linesOver120).padStart(5)}`,
    );
  }
  if (!argv.includes('--list')) return;
  console.log('\nfiles over the limit:');
  for (const f of figures.filesOver400) console.log(`  ${String(f.lines).padStart(5)}  ${f.where}`);
  console.log('\nfunctions over the limit:');
  for (const f of figures.functionsOver80) console.log(`  ${String(f.lines).padStart(5)}  ${f.where}`);
}

main(process.argv.slice(2));
