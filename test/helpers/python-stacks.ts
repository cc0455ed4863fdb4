// The two Python stacks nbrevive is measured in, without vitest, so benchmarks and tests share one definition.
// - bookworm: NBREVIVE_PYTHON, else Debian bookworm's /usr/bin/python3 (the 2023 stack: Python 3.11, numpy 1.24,
//   pandas 1.5, scikit-learn 1.2).
// - today: the stack users install now (Python 3.14, numpy 2.4, pandas 2.3, scikit-learn 1.9), the reference for
//   recovery: NBREVIVE_TODAY_PYTHON, else the wrapper tools/today-stack.sh writes; null when neither is there.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const TEST_PYTHON = process.env.NBREVIVE_PYTHON ?? '/usr/bin/python3';

export const TODAY_WRAPPER = path.join(process.env.NBREVIVE_CACHE_DIR ?? '/var/cache/nbrevive', 'python3-today');

export const TODAY_PYTHON: string | null =
  process.env.NBREVIVE_TODAY_PYTHON ?? (fs.existsSync(TODAY_WRAPPER) ? TODAY_WRAPPER : null);

export const TODAY_SKIP_REASON = `skipped: today's stack is not built (run tools/today-stack.sh, or set NBREVIVE_TODAY_PYTHON)`;

export type StackName = 'today' | 'bookworm';

/** The interpreter of a stack; null when that stack is not on this machine. */
export function stackPython(stack: StackName): string | null {
  return stack === 'today' ? TODAY_PYTHON : TEST_PYTHON;
}

const VERSIONS_SCRIPT = `
import importlib, sys
out = ['python ' + sys.version.split()[0]]
for name, label in [('numpy', 'numpy'), ('pandas', 'pandas'), ('sklearn', 'scikit-learn'), ('scipy', 'scipy'), ('matplotlib', 'matplotlib'), ('seaborn', 'seaborn'), ('statsmodels', 'statsmodels'), ('xgboost', 'xgboost')]:
    try:
        out.append(label + ' ' + importlib.import_module(name).__version__)
    except Exception:
        out.append(label + ' -')
print(', '.join(out))
`;

/** "python 3.14.8, numpy 2.4.6, …" for a header line; the failure reason when the interpreter does not start. */
export function stackVersions(python: string): string {
  const r = spawnSync(python, ['-c', VERSIONS_SCRIPT], { encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0)
    return `(${python} did not start: ${(r.stderr || r.error?.message || '').trim().split('\n').at(-1) ?? ''})`;
  return r.stdout.trim();
}
