// Loads the API-change table (resources/api-changes/<library>.json, written by tools/extract-api-changes.ts) and
// answers "where does this old name live now?" for the generic repair rules. Read lazily, once per process: the
// rules catalog is imported by every command, the table is only needed when a generic repair runs.
import fs from 'node:fs';
import path from 'node:path';
import { findResourceDir } from '../../resources';
import { compareVersions } from '../rules/version';
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
   * not "use X instead") and are names (not calls or prose), among the rows whose change the environment has (`installed` at or past the
   * row's version) — or every row when the installed version is unknown.
   */
  replacements(old: string, installed: string | null): { names: string[]; rows: ApiChange[] } {
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
