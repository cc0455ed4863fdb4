// The API-change table's row type, shared by the extractor (tools/extract-api-changes.ts, which writes
// resources/api-changes/<library>.json) and the loader the generic repair rules read it with.

/**
 * 'deprecated': the changelog announces that a name will go (the name still works in that release). Such rows are
 * not removals; their replacement fills the row of the later removal, and a deprecated name that no longer
 * resolves in today's stack becomes a removal (the extractor probes it there).
 */
export type ApiChangeKind = 'removed' | 'renamed' | 'moved' | 'signature-changed' | 'default-changed' | 'deprecated';

/** Libraries the table covers; 'python' is the standard library (removed modules). */
export const API_LIBRARIES = [
  'scikit-learn',
  'pandas',
  'numpy',
  'scipy',
  'matplotlib',
  'seaborn',
  'statsmodels',
  'python',
] as const;
export type ApiLibrary = (typeof API_LIBRARIES)[number];

export interface ApiChange {
  library: ApiLibrary;
  /** the release whose changelog (or source) carries the entry */
  version: string;
  /** that release's date (YYYY-MM-DD or YYYY-MM), null when the changelog gives none */
  date: string | null;
  kind: ApiChangeKind;
  /**
   * The old API, qualified: a module or name ('sklearn.cross_validation', 'numpy.float_'), a parameter
   * ('pandas.read_csv(sep)') or a default ('sklearn.ensemble.RandomForestClassifier(n_estimators=10)').
   */
  old: string;
  /** the replacement in the same form, or null when the entry names none (or names it unclearly) */
  new: string | null;
  /** the entry's sentence, shortened */
  note: string;
  /** the changelog (or source) line in the public repository */
  link: string;
  /** the version the entry says the old API stops working in ("will be removed in 0.20"), when it says so */
  removedIn?: string | null;
  /**
   * The entry says the old name was renamed or moved ("renamed to", "moved to", an alias's message): the same
   * object under a new name. False for "use X instead" / "in favour of X", where X may behave differently.
   */
  pure?: boolean;
  /** 'changelog' (release notes) or 'source' (a deprecation message mined from the library's code) */
  origin: 'changelog' | 'source';
}

export interface ApiChangeFile {
  library: ApiLibrary;
  /** where the rows were read from (repository, ref or doc package) */
  sources: string[];
  generatedBy: string;
  rows: ApiChange[];
}
