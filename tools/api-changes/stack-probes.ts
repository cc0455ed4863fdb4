// Questions put to real stacks about the table's names: an older stack proves a rename an alias (`old is new`),
// today's stack says which deprecated names are gone (removals) and which "removed" ones still resolve.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { ApiChange } from '../../main/core/fixers/api-changes/types';
import { kindOf, shorten } from './heuristics';

/**
 * The start of the Python programs that ask a stack about dotted names: `resolve(name)` imports the longest
 * importable module prefix of the name and follows the rest as attributes; MISSING when that fails.
 */
const RESOLVE_PY = String.raw`
import importlib, json, sys, warnings
warnings.simplefilter('ignore')
MISSING = object()
def resolve(name):
    parts = name.split('.')
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module('.'.join(parts[:cut]))
        except Exception:
            continue
        try:
            for p in parts[cut:]:
                obj = getattr(obj, p)
            return obj
        except Exception:
            return MISSING
    return MISSING`;

/**
 * Which old names still resolve in today's stack (a deprecated name that no longer does was removed; a "removed"
 * one that still does is an extraction mistake or a reinstated name). One Python run, the names on stdin.
 */
function probeToday(python: string, names: string[]): Map<string, boolean> | null {
  const program = String.raw`${RESOLVE_PY}
out = {}
for name in json.load(sys.stdin):
    out[name] = resolve(name) is not MISSING
print(json.dumps(out))
`;
  try {
    const result = execFileSync(python, ['-c', program], {
      input: JSON.stringify(names),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 600_000,
    });
    return new Map(Object.entries(JSON.parse(result.trim().split('\n').at(-1) as string) as Record<string, boolean>));
  } catch (error) {
    console.warn(
      `[extract] probing today's stack failed (${(error as Error).message.split('\n')[0]}): deprecated rows stay ` +
        `deprecated`,
    );
    return null;
  }
}

/**
 * Whether a module-level rename is the same object under two names, asked of an older stack that still has both
 * (Debian bookworm's 2023 stack: numpy 1.24, pandas 1.5, scikit-learn 1.2, scipy 1.10, matplotlib 3.6). `old is new`
 * there proves an alias, whatever the entry's wording ("use `np.float64` instead" for `np.float_`); two different
 * objects make a replacement that a message or "use X instead" named not pure (`np.recfromtxt` is not
 * `np.genfromtxt`: it returned a record array). A changelog's "renamed to" stays as it says (a deprecated
 * subclass that warns is not identical, yet the same computation).
 */
export function proveAliases(rows: ApiChange[], python: string | null): { same: number; different: number } {
  if (!python || !fs.existsSync(python)) return { same: 0, different: 0 };
  const candidates = rows.filter(
    (r) =>
      (r.kind === 'renamed' || r.kind === 'moved' || r.kind === 'deprecated') &&
      r.new !== null &&
      r.library !== 'python' &&
      /^[A-Za-z_][\w.]*$/.test(r.new) &&
      !r.old.includes('(') &&
      ![r.old, r.new].some((n) =>
        n
          .split('.')
          .slice(0, -1)
          .some((p) => /^[A-Z]/.test(p)),
      ),
  );
  const program = String.raw`${RESOLVE_PY}
def get(name):
    obj = resolve(name)
    return None if obj is MISSING else obj
out = {}
for old, new in json.load(sys.stdin):
    a, b = get(old), get(new)
    out[old + ' ' + new] = None if a is None or b is None else (a is b)
print(json.dumps(out))
`;
  let answers: Record<string, boolean | null>;
  try {
    const pairs = [...new Set(candidates.map((r) => `${r.old} ${r.new}`))].map((k) => k.split(' '));
    const result = execFileSync(python, ['-c', program], {
      input: JSON.stringify(pairs),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 600_000,
    });
    answers = JSON.parse(result.trim().split('\n').at(-1) as string) as Record<string, boolean | null>;
  } catch (error) {
    console.warn(`[extract] probing the era stack failed (${(error as Error).message.split('\n')[0]})`);
    return { same: 0, different: 0 };
  }
  let same = 0;
  let different = 0;
  for (const row of candidates) {
    // a member whose release code only warned and delegated is proven already (warnedRows); its function objects
    // differ by construction
    if (row.note.startsWith('deprecation warning in')) continue;
    const answer = answers[`${row.old} ${row.new}`];
    if (answer === true && row.pure !== true) {
      row.pure = true;
      row.note = shorten(`${row.note} [the same object in the era stack: an alias]`);
      same++;
    } else if (answer === false && row.pure === true && !/\b(?:renamed|moved)\b/i.test(row.note)) {
      row.pure = false;
      row.note = shorten(`${row.note} [a different object in the era stack: not an alias]`);
      different++;
    }
  }
  return { same, different };
}

/** Deprecated names gone from today's stack become removals (their removal release: the one the entry names). */
export function promoteGone(rows: ApiChange[], python: string | null): { promoted: number; stillThere: number } {
  if (!python || !fs.existsSync(python)) return { promoted: 0, stillThere: 0 };
  // only modules and module-level names: an instance attribute (``coef_``) is never on its class, so a member's
  // absence there proves nothing
  const member = (r: ApiChange): boolean =>
    r.old
      .split('.')
      .slice(0, -1)
      .some((p) => /^[A-Z]/.test(p));
  const candidates = rows.filter(
    (r) =>
      (r.kind === 'deprecated' || r.kind === 'removed' || r.kind === 'renamed' || r.kind === 'moved') &&
      r.library !== 'python' &&
      !r.old.includes('('),
  );
  const gone = probeToday(python, [...new Set(candidates.map((r) => r.old))]);
  if (!gone) return { promoted: 0, stillThere: 0 };
  let promoted = 0;
  let stillThere = 0;
  for (const row of candidates) {
    const present = gone.get(row.old);
    if (present === undefined) continue;
    // a name today's stack still has is nothing to repair there (reinstated, kept as an alias, or an entry about a
    // new feature "now available in …"): a deprecation at most. A member found on its class is there; one not
    // found may be an instance attribute, so absence proves nothing for members.
    if (row.kind !== 'deprecated' && present) {
      row.kind = 'deprecated';
      row.note = shorten(`${row.note} [still resolves in today's stack]`);
      stillThere++;
      continue;
    }
    if (member(row)) continue;
    if (row.kind === 'deprecated' && !present) {
      row.kind = row.new ? kindOf(row.old, row.new) : 'removed';
      row.note = shorten(`${row.note} [deprecated in ${row.version}; absent from today's stack]`);
      if (row.removedIn) row.version = row.removedIn;
      promoted++;
    }
  }
  return { promoted, stillThere };
}
