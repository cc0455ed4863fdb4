// What one execution of a notebook produced: the runner's live events and the execution report built from them.
import { z } from 'zod';

export const ExecutionStatusSchema = z.enum(['ok', 'error', 'timeout', 'crashed']);
export type ExecutionStatus = z.infer<typeof ExecutionStatusSchema>;

export const CellErrorSchema = z.object({
  /** index in the executed notebook's `cells` array, markdown cells counted */
  cellIndex: z.number().int().nonnegative(),
  cellId: z.string().nullable(),
  ename: z.string(),
  evalue: z.string(),
  /** traceback lines as the kernel sent them (may hold ANSI colour codes) */
  traceback: z.array(z.string()),
  /** the source line the error points at, when it can be found */
  line: z.string().nullable().default(null),
  /** the original notebook's saved outputs show the same error in the same cell: the author had it too */
  preExisting: z.boolean().default(false),
  /**
   * why it is pre-existing when the saved outputs do not show it: the author never ran the cell (no execution count,
   * no outputs) and its text is not Python in any version (prose typed into a code cell), so it failed for them too
   */
  authorNeverRan: z.boolean().optional(),
});
export type CellError = z.infer<typeof CellErrorSchema>;

export const CellRunSchema = z.object({
  cellIndex: z.number().int().nonnegative(),
  cellId: z.string().nullable(),
  durationMs: z.number().nonnegative(),
  status: z.enum(['ok', 'error', 'skipped']),
});
export type CellRun = z.infer<typeof CellRunSchema>;

/** One line on the runner's event channel (resources/python/nbrevive_runner.py). */
export const RunnerEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('started'),
    cellCount: z.number().int(),
    codeCellCount: z.number().int(),
    python: z.string(),
  }),
  z.object({
    type: z.literal('cell-started'),
    cellIndex: z.number().int(),
    cellId: z.string().nullable(),
    /** position among code cells, 1-based, for "cell i/n" progress */
    ordinal: z.number().int(),
    firstLine: z.string(),
  }),
  z.object({
    type: z.literal('stream'),
    cellIndex: z.number().int(),
    name: z.enum(['stdout', 'stderr']),
    text: z.string(),
  }),
  z.object({
    type: z.literal('error'),
    cellIndex: z.number().int(),
    cellId: z.string().nullable(),
    ename: z.string(),
    evalue: z.string(),
    traceback: z.array(z.string()),
  }),
  z.object({
    type: z.literal('cell-finished'),
    cellIndex: z.number().int(),
    cellId: z.string().nullable(),
    durationMs: z.number(),
    status: z.enum(['ok', 'error']),
  }),
  z.object({ type: z.literal('note'), message: z.string() }),
  z.object({
    type: z.literal('done'),
    status: z.enum(['ok', 'error', 'crashed']),
    message: z.string().nullable(),
    /** the executed notebook (nbformat JSON text) */
    notebook: z.string(),
  }),
]);
export type RunnerEvent = z.infer<typeof RunnerEventSchema>;

export const ExecutionReportSchema = z.object({
  status: ExecutionStatusSchema,
  wallTimeMs: z.number().nonnegative(),
  timeoutMs: z.number().nonnegative(),
  errors: z.array(CellErrorSchema),
  cells: z.array(CellRunSchema),
  /** files the notebook wrote into its working directory (relative paths) */
  filesWritten: z.array(z.string()),
  /** one score per run (runs > 1 repeats the execution); null when a run produced none */
  scores: z.array(z.number().nullable()),
  /** the score used for judging: the mean of the non-null scores, or null */
  score: z.number().nullable(),
  /** why the score is null, when it is (file missing, pattern not matched, grader failed) */
  scoreNote: z.string().nullable().default(null),
  /** crash or timeout explanation */
  message: z.string().nullable().default(null),
});
export type ExecutionReport = z.infer<typeof ExecutionReportSchema>;

/** The environment a runtime executes in: the rules engine gates migrations on these versions. */
export const EnvironmentDescriptionSchema = z.object({
  runtime: z.enum(['local', 'docker']),
  python: z.string(),
  pythonPath: z.string().nullable(),
  image: z.string().nullable().default(null),
  /** lower-case distribution name → version, e.g. { pandas: '1.5.3', 'scikit-learn': '1.2.1' } */
  packages: z.record(z.string(), z.string()),
  gpus: z.array(z.string()).default([]),
});
export type EnvironmentDescription = z.infer<typeof EnvironmentDescriptionSchema>;

export const RuntimeCheckSchema = z.object({
  ok: z.boolean(),
  /** what is wrong and how to fix it, or a short description of the working runtime */
  message: z.string(),
});
export type RuntimeCheck = z.infer<typeof RuntimeCheckSchema>;
