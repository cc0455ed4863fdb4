// Builds FixContexts for the LLM fixer's tests: a small notebook of our own (or a corpus notebook), an execution
// report with a real-looking IPython traceback (ANSI colours included), a verdict, and an environment.
import type { ResolvedCase } from '../../../../../../shared/models/case';
import type { CellError, EnvironmentDescription, ExecutionReport } from '../../../../../../shared/models/execution';
import type { Problem, Verdict } from '../../../../../../shared/models/loop';
import { NotebookSchema, type Cell, type Notebook } from '../../../../../../shared/models/notebook';
import type { FixContext, FixHistoryEntry } from '../../../../../../main/core/fixers/fixer';
import { BOOKWORM_ENVIRONMENT } from '../../../../../helpers/environments';

export function code(source: string, outputs: Cell['outputs'] = []): Cell {
  return { cell_type: 'code', source, metadata: {}, outputs, execution_count: null };
}
export function markdown(source: string): Cell {
  return { cell_type: 'markdown', source, metadata: {} };
}
export function notebookOf(cells: Cell[]): Notebook {
  return NotebookSchema.parse({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells });
}

/** An IPython-style traceback for an error at `line` of a cell, coloured the way the kernel sends it. */
export function ipythonTraceback(ename: string, evalue: string, line: string, lineNo = 3): string[] {
  return [
    '\u001b[0;31m---------------------------------------------------------------------------\u001b[0m',
    `\u001b[0;31m${ename}\u001b[0m                            Traceback (most recent call last)`,
    `Cell \u001b[0;32mIn[4], line ${lineNo}\u001b[0m\n\u001b[0;32m----> ${lineNo}\u001b[0m ${line}`,
    `\u001b[0;31m${ename}\u001b[0m: ${evalue}`,
  ];
}

export function cellError(
  cellIndex: number,
  ename: string,
  evalue: string,
  line: string,
  preExisting = false,
): CellError {
  return {
    cellIndex,
    cellId: null,
    ename,
    evalue,
    traceback: ipythonTraceback(ename, evalue, line),
    line: null,
    preExisting,
  };
}

/** The titanic-like notebook most tests use: markdown, imports, data, an np.float cell, model, score. */
export function smallNotebook(): Notebook {
  return notebookOf([
    markdown('# Titanic survival\nA small study.'),
    code(
      '%matplotlib inline\nimport numpy as np\nimport pandas as pd\nfrom sklearn.ensemble import RandomForestClassifier',
    ),
    code("train = pd.read_csv('../input/train.csv')\ntrain.head()"),
    code(
      "train['Fare'] = train['Fare'].astype(np.float)\ntrain['Age'] = train['Age'].fillna(train['Age'].median())\nX = train[['Fare', 'Age']]\ny = train['Survived']",
    ),
    markdown('## Model'),
    code(
      'model = RandomForestClassifier(n_estimators=200, random_state=0)\nmodel.fit(X, y)\nprint(model.score(X, y))',
      [{ output_type: 'stream', name: 'stdout', text: '0.8215\n' }],
    ),
  ]);
}

export const ENVIRONMENT: EnvironmentDescription = BOOKWORM_ENVIRONMENT;

export function resolvedCase(overrides: Partial<ResolvedCase> = {}): ResolvedCase {
  return {
    id: 'small-titanic',
    title: 'small titanic',
    root: '/tmp/small-titanic',
    notebookPath: '/tmp/small-titanic/notebook.ipynb',
    dataDir: null,
    files: {},
    dirs: [],
    urls: {},
    score: { kind: 'output', cellIndex: 5, pattern: '^(\\d\\.\\d+)', occurrence: 'last' },
    target: { value: 0.8215, higherIsBetter: true, metric: 'training accuracy' },
    created: '2017-02-08',
    competition: 'titanic',
    manifest: null,
    ...overrides,
  };
}

export interface ContextOptions {
  notebook?: Notebook;
  original?: Notebook;
  problem?: Problem;
  errors?: CellError[];
  history?: FixHistoryEntry[];
  caseOverrides?: Partial<ResolvedCase>;
  score?: number | null;
  wallTimeMs?: number;
  timeoutMs?: number;
  status?: ExecutionReport['status'];
}

export function fixContext(options: ContextOptions = {}): FixContext {
  const notebook = options.notebook ?? smallNotebook();
  const problem = options.problem ?? 'error';
  const errors =
    options.errors ??
    (problem === 'error'
      ? [
          cellError(
            3,
            'AttributeError',
            "module 'numpy' has no attribute 'float'.\n`np.float` was a deprecated alias for the builtin `float`.",
            "train['Fare'] = train['Fare'].astype(np.float)",
            false,
          ),
        ]
      : []);
  const score = options.score === undefined ? 0.8215 : options.score;
  const c = resolvedCase(options.caseOverrides);
  const report: ExecutionReport = {
    status: options.status ?? (errors.length > 0 ? 'error' : 'ok'),
    wallTimeMs: options.wallTimeMs ?? 12_300,
    timeoutMs: options.timeoutMs ?? 600_000,
    errors,
    cells: notebook.cells.flatMap((cell, cellIndex) =>
      cell.cell_type === 'code'
        ? [
            {
              cellIndex,
              cellId: cell.id ?? null,
              durationMs: 100 * (cellIndex + 1),
              status: errors.some((e) => e.cellIndex === cellIndex) ? ('error' as const) : ('ok' as const),
            },
          ]
        : [],
    ),
    filesWritten: [],
    scores: [score],
    score,
    scoreNote: score === null ? 'the pattern matched no output line' : null,
    message: null,
  };
  const target = c.target?.value ?? null;
  const verdict: Verdict = {
    reproducible: problem !== 'score-deviation' && errors.length === 0,
    errorFree: errors.length === 0,
    problem,
    reason: problem,
    score,
    target,
    relativeDeviation: score !== null && target ? Math.abs(score - target) / Math.abs(target) : null,
    pValue: null,
    method: 'tolerance',
  };
  return {
    notebook,
    original: options.original ?? notebook,
    case: c,
    problem,
    report,
    verdict,
    environment: ENVIRONMENT,
    history: options.history ?? [],
    exclude: new Set(),
  };
}
