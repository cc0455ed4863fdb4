// Regenerates resources/api-changes/<library>.json: every removed, renamed, moved, signature-changed and
// default-changed entry of the libraries' changelogs (2015 to today), plus the deprecation messages the
// libraries raised before a removal (they name the replacement), read from their own source.
//
// usage: npx tsx tools/extract-api-changes.ts [--mirror DIR]... [--docs DIR] [--site-packages DIR]... [--out DIR]
//   --mirror DIR         a git directory of a library's repository (`fetch` puts them under
//                        /work/.mirror/owner+name/repo; default: every known one found there). Read with
//                        `git show REF:path`, never checked out.
//   --docs DIR           a folder with Debian's extracted doc packages (python-sklearn-doc, python-pandas-doc,
//                        python-matplotlib-doc, python3.14-doc): the changelogs of repositories too large to mirror
//                        (default: the docs/ folder tools/api-change-sources.sh fills, when present)
//   --site-packages DIR  libraries whose deprecation decorators and warnings are mined, one release each (default:
//                        bullseye's from tools/api-change-sources.sh, the system's dist-packages (bookworm) and
//                        today's stack's, when present)
//   --out DIR            default resources/api-changes
//   --today PYTHON       today's stack's interpreter (default /var/cache/nbrevive/python3-today, tools/today-stack.sh):
//                        a deprecated name that no longer resolves there is recorded as removed, a removed or
//                        renamed one that still does as deprecated; --no-today skips it
//   --no-tags            skip mining numpy's and scipy's mirrors at their release tags (every second minor release,
//                        unpacked with git archive under the system's temporary folder)
//   --era PYTHON         an older interpreter with both names of many renames (default /usr/bin/python3, Debian
//                        bookworm's 2023 stack): `old is new` there proves an alias (pure); --no-era skips it
//
// The extraction is heuristic and honest: a row whose replacement is not one clear name gets new=null.
//
// This file is the command line; the work is in tools/api-changes/: changelogs.ts (where each library's changelog
// lives) → entries.ts (a file split into entries) → entry-rows.ts (an entry → its sentences) → sentence-reader.ts
// (a sentence's verbs → rows, with heuristics.ts and names.ts); python-whatsnew.ts (Python's removals); mined.ts
// with miner-program.ts (deprecation messages in the libraries' own source); stack-probes.ts (aliases and removals
// asked of real stacks); table.ts (the files).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiChange, ApiLibrary } from '../main/core/fixers/api-changes/types';
import { compareVersions } from '../main/core/fixers/rules/version';
import { docChangelogs, migrationTableRows, mirrorChangelogs } from './api-changes/changelogs';
import { type ChangelogFile, htmlEntries, rstEntries } from './api-changes/entries';
import { rowsOfEntry } from './api-changes/entry-rows';
import { minedRows, tagTrees } from './api-changes/mined';
import { SPECS } from './api-changes/names';
import { pythonRows } from './api-changes/python-whatsnew';
import { promoteGone, proveAliases } from './api-changes/stack-probes';
import { fillReplacements, writeTables } from './api-changes/table';

const ROOT = path.resolve(import.meta.dirname, '..');
const MIRRORS = '/work/.mirror';
/** today's stack's interpreter (tools/today-stack.sh): deprecated names are probed there */
const TODAY_PYTHON = '/var/cache/nbrevive/python3-today';
/** what tools/api-change-sources.sh fetches: Debian's doc packages (docs/) and bullseye's libraries (bullseye/) */
const SOURCES = path.join(process.env.NBREVIVE_CACHE_DIR ?? '/var/cache/nbrevive', 'api-sources');
/** an older stack that still has both names of many renames (Debian bookworm's): aliases are proven there */
const ERA_PYTHON = '/usr/bin/python3';

// ---------------------------------------------------------------------------------------------- arguments
function parseArgs(argv: string[]): {
  mirrors: string[];
  docs: string | null;
  sitePackages: string[];
  out: string;
  today: string | null;
  era: string | null;
  tags: boolean;
} {
  const mirrors: string[] = [];
  const sitePackages: string[] = [];
  let docs: string | null = null;
  let today: string | null = TODAY_PYTHON;
  let era: string | null = ERA_PYTHON;
  let tags = true;
  let out = path.join(ROOT, 'resources', 'api-changes');
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = (): string => {
      const v = argv[++i];
      if (!v) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--mirror') mirrors.push(value());
    else if (arg === '--docs') docs = value();
    else if (arg === '--site-packages') sitePackages.push(value());
    else if (arg === '--out') out = value();
    else if (arg === '--today') today = value();
    else if (arg === '--no-today') today = null;
    else if (arg === '--era') era = value();
    else if (arg === '--no-era') era = null;
    else if (arg === '--no-tags') tags = false;
    else if (arg === '--help') {
      console.log(
        'usage: npx tsx tools/extract-api-changes.ts [--mirror GITDIR]... [--docs DIR] [--site-packages DIR]... ' +
          '[--out DIR] [--today PYTHON | --no-today] [--era PYTHON | --no-era]\n(tools/api-change-sources.sh ' +
          "fetches the doc packages and bullseye's libraries it reads by default)",
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (mirrors.length === 0 && fs.existsSync(MIRRORS)) {
    for (const entry of fs.readdirSync(MIRRORS)) {
      const dir = path.join(MIRRORS, entry, 'repo');
      if (fs.existsSync(path.join(dir, 'HEAD'))) mirrors.push(dir);
    }
  }
  if (docs === null && fs.existsSync(path.join(SOURCES, 'docs'))) docs = path.join(SOURCES, 'docs');
  if (sitePackages.length === 0) {
    for (const dir of [
      path.join(SOURCES, 'bullseye/usr/lib/python3/dist-packages'),
      '/usr/lib/python3/dist-packages',
      '/var/cache/nbrevive/today-root/usr/lib/python3/dist-packages',
    ])
      if (fs.existsSync(dir)) sitePackages.push(dir);
  }
  return { mirrors, docs, sitePackages, out, today, era, tags };
}

// ---------------------------------------------------------------------------------------------- main
function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const byLibrary = new Map<ApiLibrary, { rows: ApiChange[]; sources: string[] }>();
  const bucket = (library: ApiLibrary): { rows: ApiChange[]; sources: string[] } => {
    let b = byLibrary.get(library);
    if (!b) byLibrary.set(library, (b = { rows: [], sources: [] }));
    return b;
  };
  const changelogs: { library: ApiLibrary; files: ChangelogFile[]; source: string }[] = [];
  for (const dir of args.mirrors) {
    const found = mirrorChangelogs(dir);
    if (found) changelogs.push(found);
  }
  if (args.docs)
    for (const found of docChangelogs(args.docs))
      if (!changelogs.some((c) => c.library === found.library)) changelogs.push(found);

  for (const { library, files, source } of changelogs) {
    const spec = SPECS[library];
    const b = bucket(library);
    b.sources.push(source);
    for (const file of files) {
      if (compareVersions(file.version, spec.minVersion) < 0) continue;
      if (file.repoPath.endsWith('numpy_2_0_migration_guide.rst'))
        for (const row of migrationTableRows(file)) b.rows.push({ library, origin: 'changelog', ...row });
      const entries = file.format === 'html' ? htmlEntries(file) : rstEntries(file);
      for (const entry of entries) {
        const link =
          file.format === 'html' ? `${file.link(0)}${entry.anchor ? `#${entry.anchor}` : ''}` : file.link(entry.line);
        for (const row of rowsOfEntry(spec, entry, link)) b.rows.push({ library, origin: 'changelog', ...row });
      }
    }
  }
  if (args.docs) {
    const py = pythonRows(args.docs);
    if (py) {
      const b = bucket('python');
      b.sources.push(py.source);
      b.rows.push(...py.rows);
    }
  }
  const trees = args.tags ? tagTrees(args.mirrors, path.join(os.tmpdir(), 'nbrevive-api-tags')) : [];
  const mined = minedRows(
    [...trees.map((t) => t.site), ...args.sitePackages],
    new Map(trees.map((t) => [t.site, t.label])),
  );
  for (const row of mined.rows) bucket(row.library).rows.push(row);
  for (const [library, list] of mined.sources) bucket(library).sources.push(...list);

  const allRows = [...byLibrary.values()].flatMap((b) => b.rows);
  fillReplacements(allRows);
  const identity = proveAliases(allRows, args.era);
  console.log(
    `[extract] era stack (${args.era ?? 'absent'}): ${identity.same} renames proven aliases there (the same object), ` +
      `${identity.different} "use X instead" / message renames are different objects (not pure)`,
  );
  const probe = promoteGone(allRows, args.today);
  console.log(
    `[extract] today's stack (${args.today ?? 'absent'}): ${probe.promoted} deprecated names are gone there (now ` +
      `removals); ${probe.stillThere} removed/renamed/moved names still resolve there (now deprecations)`,
  );
  fillReplacements(allRows);

  writeTables(byLibrary, args.out);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('extract-api-changes.ts')) main();
