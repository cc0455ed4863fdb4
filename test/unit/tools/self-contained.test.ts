// A clone has no team handbook beside it: product code, comments and docs must not point to files outside the
// repository (the design notes, the corpus folder); docs/architecture.md is where the architecture lives.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/corpus';

const OUTSIDE = /\b(DESIGN|STYLE|ENVIRONMENT)\.md\b|\.\.\/shared\/(corpus|hooks|DESIGN|STYLE|ENVIRONMENT)/;
const ROOTS = [
  'main',
  'shared',
  'renderer/src',
  'resources',
  'tools',
  'bin',
  'docs',
  'README.md',
  'electron-builder.yml',
  '.ci',
];
const TEXT = /\.(ts|tsx|js|mjs|cjs|py|md|json|yml|txt|css|html)$|^run$/;

function files(entry: string): string[] {
  const full = path.join(REPO_ROOT, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .flatMap((d) =>
      d.isDirectory() ? files(path.join(entry, d.name)) : TEXT.test(d.name) ? [path.join(full, d.name)] : [],
    );
}

describe('the repository is self-contained', () => {
  it('no product file points to a file outside the repository', () => {
    const offenders = ROOTS.flatMap(files)
      .filter((f) => !f.includes(`${path.sep}api-changes${path.sep}`))
      .flatMap((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, i }))
          .filter(({ line }) => OUTSIDE.test(line))
          .map(({ i, line }) => `${path.relative(REPO_ROOT, f)}:${i + 1}: ${line.trim().slice(0, 100)}`),
      );
    expect(offenders).toEqual([]);
  });

  it('docs/architecture.md describes the processes, the loop and the rule recipe', () => {
    const doc = fs.readFileSync(path.join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
    for (const heading of [
      '## Vocabulary',
      '## Processes and data flow',
      '## The loop',
      '## The judge',
      '### Adding a rule, in three steps',
    ])
      expect(doc).toContain(heading);
  });
});
