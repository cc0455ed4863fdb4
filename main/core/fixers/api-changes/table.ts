// Loads the API-change table (resources/api-changes/<library>.json, written by tools/extract-api-changes.ts) and
// answers "where does this old name live now?" for the generic repair rules. Read lazily, once per process: the
// rules catalog is imported by every command, the table is only needed when a generic repair runs.
import fs from 'node:fs';
import path from 'node:path';
import { findResourceDir } from '../../resources';
import { compareVersions } from '../rules/version';
import { NOT_EQUIVALENT } from './reviewed';
import { API_LIBRARIES, type ApiChange, type ApiChangeFile, type ApiLibrary } from './types';

export * from './types';

/** Distribution names as EnvironmentDescription.packages spells them, per table library. */
export const DISTRIBUTION: Record<ApiLibrary, string> = {
  'scikit-learn': 'scikit-learn',
  pandas: 'pandas',
  numpy: 'numpy',
  scipy: 'scipy',
  matplotlib: 'matplotlib',
  seaborn: 'seaborn',
  statsmodels: 'statsmodels',
  python: 'python',
};

/** The table library a qualified name belongs to (by its top-level package), or null. */
export function libraryOf(qualified: string): ApiLibrary | null {
  const head = qualified.split('.')[0] as string;
  if (head === 'sklearn') return 'scikit-learn';
  if (head === 'mpl_toolkits' || head === 'pylab') return 'matplotlib';
  if ((API_LIBRARIES as readonly string[]).includes(head) && head !== 'python') return head as ApiLibrary;
  return null;
}

/** Folder of the table: NBREVIVE_RESOURCES, the packaged app's resources, or resources/ above this module. */
export function apiChangesDir(): string | null {
  return findResourceDir('api-changes', 'numpy.json');
}

export class ApiChangeTable {
  private readonly byOld = new Map<string, ApiChange[]>();

  constructor(readonly rows: readonly ApiChange[]) {
    for (const row of rows) {
      const list = this.byOld.get(row.old) ?? [];
      list.push(row);
      this.byOld.set(row.old, list);
    }
  }

  /** Reads every library's file from a folder (missing files are skipped: the table is then smaller). */
  static load(dir: string | null = apiChangesDir()): ApiChangeTable {
    const rows: ApiChange[] = [];
    if (dir) {
      for (const library of API_LIBRARIES) {
        const file = path.join(dir, `${library}.json`);
        if (!fs.existsSync(file)) continue;
        rows.push(...(JSON.parse(fs.readFileSync(file, 'utf8')) as ApiChangeFile).rows);
      }
    }
    return new ApiChangeTable(rows);
  }

  /** Rows about exactly this old name. */
  rowsFor(old: string): readonly ApiChange[] {
    return this.byOld.get(old) ?? [];
  }

  /**
   * Where an old module or name lives now: the distinct replacements of its renamed/moved rows that say so (pure,
   * not "use X instead") and are names (not calls or prose), among the rows whose change the environment has
   * (`installed` at or past the row's version) — or every row when the installed version is unknown.
   */
  replacements(old: string, installed: string | null): { names: string[]; rows: ApiChange[] } {
    // a rename a person found computes something else today (reviewed.ts) is no replacement
    if (old in NOT_EQUIVALENT) return { names: [], rows: [] };
    const rows = this.rowsFor(old).filter(
      (row) =>
        (row.kind === 'renamed' || row.kind === 'moved') &&
        row.pure === true &&
        row.new !== null &&
        isDottedName(row.new) &&
        (!installed || compareVersions(installed, row.version) >= 0),
    );
    return { names: [...new Set(rows.map((row) => row.new as string))], rows };
  }

  /**
   * Follows a replacement through later renames of the replacement itself (pandas' `iterkv` → `iteritems` in 0.20,
   * `iteritems` → `items` in 2.0): the name that holds in the installed version, or null when a step is ambiguous.
   */
  follow(
    name: string,
    installed: string | null,
    rename: (old: string) => string[] = (old) => this.replacements(old, installed).names,
  ): string | null {
    let current = name;
    const seen = new Set<string>([name]);
    for (let step = 0; step < 5; step++) {
      const next = rename(current).filter((n) => !seen.has(n));
      if (next.length === 0) return current;
      if (next.length > 1) return null;
      current = next[0] as string;
      seen.add(current);
    }
    return current;
  }

  /**
   * Where a class member lives now, by its member name across the whole library: the pure renames of `member` in
   * any class of `library` (a rename inside the class: `DataFrame.iteritems` → `DataFrame.items`), followed through
   * later renames. `names` has more than one entry when classes disagree — then the source cannot tell which
   * object an `x.member` is, and the caller refuses. `ownRows` are the rows about `className` itself.
   */
  memberReplacements(
    library: ApiLibrary,
    className: string,
    member: string,
    installed: string | null,
  ): { names: string[]; ownRows: ApiChange[] } {
    const renamesOf = (name: string, cls: string | null): { rows: ApiChange[]; names: string[] } => {
      const rows = this.rows.filter((row) => {
        if (row.library !== library || (row.kind !== 'renamed' && row.kind !== 'moved') || row.pure !== true)
          return false;
        if (!row.new || !isDottedName(row.new)) return false;
        const old = classMember(row.old);
        const now = classMember(row.new);
        if (!old || !now || old.member !== name || now.className !== old.className) return false;
        if (cls && old.className !== cls) return false;
        return !installed || compareVersions(installed, row.version) >= 0;
      });
      return {
        rows,
        names: [...new Set(rows.map((row) => (classMember(row.new as string) as { member: string }).member))],
      };
    };
    const ownRows = renamesOf(member, className).rows;
    if (ownRows.length === 0) return { names: [], ownRows };
    const names = new Set<string>();
    for (const first of renamesOf(member, null).names) {
      const last = this.follow(first, installed, (name) => renamesOf(name, null).names);
      names.add(last ?? `${first}?`);
    }
    return { names: [...names], ownRows };
  }
}

/** numpy's classes are lower-case (`numpy.ndarray.tostring`, `numpy.ma.mvoid.tostring`): not modules. */
const LOWERCASE_CLASSES = new Set([
  'ndarray',
  'dtype',
  'generic',
  'mvoid',
  'ndindex',
  'nditer',
  'flatiter',
  'finfo',
  'iinfo',
  'matrix',
  'recarray',
  'chararray',
  'memmap',
  'ufunc',
  'poly1d',
  'vectorize',
  'broadcast',
]);

/**
 * A member of a class (`pandas.DataFrame.iteritems`): the class's qualified name and the member, or null for a
 * module-level name. The class is the dotted part right before the member: capitalized, or one of numpy's classes.
 */
export function classMember(qualified: string): { cls: string; className: string; member: string } | null {
  const parts = qualified.split('.');
  if (parts.length < 3) return null;
  const className = parts.at(-2) as string;
  const member = parts.at(-1) as string;
  if (!(/^[A-Z]/.test(className) || LOWERCASE_CLASSES.has(className)) || !/^[a-z_]\w*$/i.test(member)) return null;
  return { cls: parts.slice(0, -1).join('.'), className, member };
}

export function isDottedName(text: string): boolean {
  return /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(text);
}

let cached: ApiChangeTable | null = null;

/** The table of this checkout or app, loaded on first use. */
export function apiChangeTable(): ApiChangeTable {
  cached ??= ApiChangeTable.load();
  return cached;
}
