// The format of the per-rule fixtures, test/fixtures/rules/<rule-id>.py and <rule-id>.expected.py: a Python file
// of `# %%` cells, grouped in cases. `# %% case (fixes): <name>` or `# %% case (leaves alone): <name>` starts a
// case (one notebook of its own, so one case's definitions cannot shadow another's) and its first cell; a bare
// `# %%` starts another cell of the same case; a `# options: {json}` line right after a case marker gives the
// environment and apply options (packages, python, created, case, errors …). The expected file has the same cases
// with each cell as the rule leaves it. Each cell's source is written followed by one newline.
import type { FixOptions } from './helpers';

export type CaseKind = 'fixes' | 'leaves alone';

export interface FixtureCase {
  name: string;
  kind: CaseKind;
  cells: string[];
  options?: FixOptions;
}

const CASE_MARKER = /^# %% case \((fixes|leaves alone)\): (.*)$/;
const CELL_MARKER = '# %%';
const OPTIONS = /^# options: (.*)$/;

export function fixtureHeader(ruleId: string, expected: boolean): string {
  return expected
    ? `# Expected output of test/fixtures/rules/${ruleId}.py: each case as the rule ${ruleId} leaves it.\n` +
        '# Regenerate with NBREVIVE_UPDATE_FIXTURES=1 (test/unit/main/core/fixers/rules/fixtures.test.ts), then read the diff.\n'
    : `# Fixture of the rule ${ruleId}: the code it fixes and the code it must leave alone. Each "# %% case" is a\n` +
        '# notebook of its own; a bare "# %%" starts its next cell. Expected output: the .expected.py file beside it.\n';
}

export function writeFixture(ruleId: string, cases: readonly FixtureCase[], expected: boolean): string {
  const out = [fixtureHeader(ruleId, expected)];
  for (const c of cases) {
    out.push(`# %% case (${c.kind}): ${c.name}\n`);
    if (c.options && Object.keys(c.options).length > 0) out.push(`# options: ${JSON.stringify(c.options)}\n`);
    c.cells.forEach((cell, i) => {
      if (i > 0) out.push(`${CELL_MARKER}\n`);
      out.push(`${cell}\n`);
    });
  }
  return out.join('');
}

export function parseFixture(text: string): FixtureCase[] {
  const cases: FixtureCase[] = [];
  let cell: string[] | null = null;
  const flush = (): void => {
    const current = cases.at(-1);
    if (current && cell) current.cells.push(cell.join('\n'));
    cell = null;
  };
  const lines = text.split('\n');
  // the text ends with a newline: the last split element is empty
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) {
    const marker = CASE_MARKER.exec(line);
    if (marker) {
      flush();
      cases.push({ kind: marker[1] as CaseKind, name: marker[2] as string, cells: [] });
      cell = [];
      continue;
    }
    const current = cases.at(-1);
    if (!current) continue; // the header
    const options = OPTIONS.exec(line);
    if (options && cell?.length === 0 && current.cells.length === 0 && !current.options) {
      current.options = JSON.parse(options[1] as string) as FixOptions;
      continue;
    }
    if (line === CELL_MARKER) {
      flush();
      cell = [];
      continue;
    }
    cell?.push(line);
  }
  flush();
  return cases;
}
