// A case: a notebook plus what it needs to be judged (data, score spec, target, original date), as stored in
// `nbrevive.case.json` (format: README.md, "Cases and data"). `expected` is for tests only; the judge never reads it.
import { z } from 'zod';

export const OutputScoreSpecSchema = z.object({
  kind: z.literal('output'),
  /** index in the ORIGINAL notebook's `cells` array (markdown counted); tracked later through the cell id */
  cellIndex: z.number().int().nonnegative(),
  /** regex with one capture group, matched against each line of the cell's text outputs */
  pattern: z.string(),
  occurrence: z.enum(['first', 'last']).default('last'),
});

export const METRICS = ['accuracy', 'rmse', 'rmsle', 'mae', 'logloss', 'auc', 'f1'] as const;
export const MetricSchema = z.enum(METRICS);
export type Metric = z.infer<typeof MetricSchema>;

export const SubmissionScoreSpecSchema = z.object({
  kind: z.literal('submission'),
  file: z.string().default('submission.csv'),
  answers: z.string(),
  metric: MetricSchema,
  idColumn: z.string().optional(),
  targetColumns: z.array(z.string()).optional(),
});

export const MleBenchScoreSpecSchema = z.object({
  kind: z.literal('mlebench'),
  competition: z.string(),
  /** the mle-bench data root holding <competition>/prepared/private/… (absolute, or relative to the case folder) */
  dataDir: z.string().optional(),
  /**
   * the folder holding <competition>/config.yaml and grade.py (mle-bench's mlebench/competitions, or one laid out
   * the same way); default: the mlebench package installed in the runtime's Python
   */
  competitionsDir: z.string().optional(),
  file: z.string().default('submission.csv'),
});

export const NoScoreSpecSchema = z.object({ kind: z.literal('none') });

export const ScoreSpecSchema = z.discriminatedUnion('kind', [
  OutputScoreSpecSchema,
  SubmissionScoreSpecSchema,
  MleBenchScoreSpecSchema,
  NoScoreSpecSchema,
]);
export type ScoreSpec = z.infer<typeof ScoreSpecSchema>;

export const TargetSchema = z.object({
  value: z.number(),
  higherIsBetter: z.boolean().default(true),
  metric: z.string().optional(),
  /** relative τ for this case (default 0.10) */
  tolerance: z.number().positive().optional(),
});
export type Target = z.infer<typeof TargetSchema>;

export const CaseDataSchema = z.object({
  dir: z.string().optional(),
  files: z.record(z.string(), z.string()).optional(),
  dirs: z.array(z.string()).optional(),
  urls: z.record(z.string(), z.string()).optional(),
});

export const CaseManifestSchema = z.looseObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'id must be kebab-case'),
  title: z.string().optional(),
  notebook: z.string(),
  created: z
    .string()
    .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'created must be YYYY, YYYY-MM or YYYY-MM-DD')
    .optional(),
  competition: z.string().optional(),
  data: CaseDataSchema.optional(),
  score: ScoreSpecSchema.default({ kind: 'none' }),
  target: TargetSchema.optional(),
  altTargets: z.unknown().optional(),
  expected: z
    .looseObject({
      environment: z.string().optional(),
      status: z.enum(['ok', 'error', 'timeout']).optional(),
      firstError: z
        .object({ cellIndex: z.number().int(), ename: z.string(), evalue: z.string().optional() })
        .nullable()
        .optional(),
      erosion: z.array(z.string()).optional(),
    })
    .optional(),
  provenance: z.unknown().optional(),
});
export type CaseManifest = z.infer<typeof CaseManifestSchema>;

/** A manifest with every path made absolute; what runtimes and scoring consume. */
export const ResolvedCaseSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** folder of the case (the manifest's folder, or the bare notebook's folder) */
  root: z.string(),
  notebookPath: z.string(),
  /** absolute data folder, provided read-only as ../input and /kaggle/input; null when the case has none */
  dataDir: z.string().nullable(),
  /** working-dir-relative (or absolute) path the notebook expects → absolute file in the case folder */
  files: z.record(z.string(), z.string()),
  dirs: z.array(z.string()),
  /** URL the notebook downloads → absolute local copy */
  urls: z.record(z.string(), z.string()),
  score: ScoreSpecSchema,
  target: TargetSchema.nullable(),
  created: z.string().nullable(),
  competition: z.string().nullable(),
  manifest: CaseManifestSchema.nullable(),
});
export type ResolvedCase = z.infer<typeof ResolvedCaseSchema>;
