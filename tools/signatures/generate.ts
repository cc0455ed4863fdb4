// Regenerates SKLEARN_KEYWORD_ONLY and PANDAS_KEYWORD_ONLY in main/core/fixers/rules/catalog/signatures.ts from
// tools/signatures/keyword-only.py, run in the stack the tables describe (PYTHON, default /usr/bin/python3: Debian
// bookworm's scikit-learn 1.2.1 and pandas 1.5.3). `--check` only reports whether the file matches (exit 1 when not).
//   npx tsx tools/signatures/generate.ts [--check]
// The rest of signatures.ts (the positional histories, eraSignature) is written by hand.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

type Entry = [number, ...string[]];
interface Tables {
  sklearn: Record<string, Entry>;
  pandas: Record<string, Record<string, Entry>>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const TARGET = path.join(ROOT, 'main/core/fixers/rules/catalog/signatures.ts');
/** comments kept on entries (the hand edits keyword-only.py makes) */
const NOTES: Record<string, string> = {
  AgglomerativeClustering: '`metric` (1.2) was inserted after affinity: the old order is kept here',
};

const q = (s: string): string => `'${s}'`;
const entry = (e: Entry): string =>
  `[${e[0]}, ${e
    .slice(1)
    .map((n) => q(n as string))
    .join(', ')}]`;
const key = (k: string): string => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : q(k));

function block(name: string, type: string, body: string[]): string {
  return `export const ${name}: ${type} = {\n${body.join('\n')}\n};`;
}

function render(tables: Tables): { sklearn: string; pandas: string } {
  const sklearn = Object.keys(tables.sklearn)
    .sort()
    .flatMap((k) => [...(NOTES[k] ? [`  // ${NOTES[k]}`] : []), `  ${key(k)}: ${entry(tables.sklearn[k] as Entry)},`]);
  const pandas = Object.keys(tables.pandas)
    .sort()
    .map((k) => {
      const owners = tables.pandas[k] as Record<string, Entry>;
      const inner = Object.keys(owners)
        .sort()
        .map((o) => `${key(o)}: ${entry(owners[o] as Entry)}`)
        .join(', ');
      return `  ${key(k)}: { ${inner} },`;
    });
  return {
    sklearn: block('SKLEARN_KEYWORD_ONLY', 'Readonly<Record<string, KeywordOnlySignature>>', sklearn),
    pandas: block(
      'PANDAS_KEYWORD_ONLY',
      'Readonly<Record<string, Readonly<Record<string, KeywordOnlySignature>>>>',
      pandas,
    ),
  };
}

function replaceBlock(source: string, name: string, text: string): string {
  const start = source.indexOf(`export const ${name}:`);
  const end = source.indexOf('\n};', start);
  if (start < 0 || end < 0) throw new Error(`${TARGET}: no ${name} block`);
  return source.slice(0, start) + text + source.slice(end + 3);
}

const python = process.env.PYTHON ?? '/usr/bin/python3';
const json = execFileSync(python, [path.join(import.meta.dirname, 'keyword-only.py')], { encoding: 'utf8' });
const blocks = render(JSON.parse(json) as Tables);
const current = fs.readFileSync(TARGET, 'utf8');
let next = replaceBlock(current, 'SKLEARN_KEYWORD_ONLY', blocks.sklearn);
next = replaceBlock(next, 'PANDAS_KEYWORD_ONLY', blocks.pandas);
const options = (await prettier.resolveConfig(TARGET)) ?? {};
next = await prettier.format(next, { ...options, filepath: TARGET });
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error(`${path.relative(ROOT, TARGET)} differs from what tools/signatures/generate.ts writes`);
    process.exit(1);
  }
  console.log(`${path.relative(ROOT, TARGET)} matches tools/signatures/keyword-only.py`);
} else {
  fs.writeFileSync(TARGET, next);
  console.log(`wrote ${path.relative(ROOT, TARGET)}`);
}
