// The app API's shapes for cases (renderer ↔ host): what the case list shows, importing from a host path or an
// upload in chunks, and the targets a case's saved outputs offer to choose from.
import { z } from 'zod';
import { ResolvedCaseSchema, TargetSchema } from '../models/case';
import { JobStatusSchema, OutcomeSchema } from '../models/loop';
import { ErrorInfoSchema } from './channel';
import { Id, JobSummarySchema, PagingSchema, SortOrderSchema } from './schemas';

export const CaseSummarySchema = z.object({
  id: Id,
  title: z.string(),
  competition: z.string().nullable(),
  created: z.string().nullable(),
  root: z.string(),
  scoreKind: z.string(),
  target: TargetSchema.nullable(),
  importedAt: z.string(),
  /** the newest job of the case, for the status column */
  latestJob: z.object({ id: Id, status: JobStatusSchema, outcome: OutcomeSchema.nullable() }).nullable().default(null),
});
export type CaseSummary = z.infer<typeof CaseSummarySchema>;

export const CaseImportInputSchema = z
  .object({
    path: z.string().min(1, 'path is required: a notebook, a case folder or a corpus folder'),
    /** auto: a .ipynb file is a notebook, a folder with nbrevive.case.json a case, any other folder a corpus */
    kind: z.enum(['auto', 'notebook', 'case', 'corpus']).default('auto'),
  })
  .strict();
export const CaseImportOutputSchema = z.object({
  cases: z.array(CaseSummarySchema),
  /** folders or files that could not be imported, with the reason */
  errors: z.array(z.object({ path: z.string() }).extend(ErrorInfoSchema.shape)),
});

/** Raw bytes per file chunk of an upload: a chunk travels as base64 (4/3 larger) in one request. */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;
/**
 * Uploading notebooks from a browser (where the host cannot read the user's paths): files are sent in chunks
 * into one upload folder on the host, then imported like a dropped folder (cases, bare notebooks, a corpus).
 * The first call leaves uploadId null and gets one back; `finish` on the last call imports the folder.
 */
export const CaseUploadInputSchema = z
  .object({
    uploadId: z
      .string()
      .regex(/^u-[a-z0-9]{4,40}$/, 'uploadId must be the id an earlier upload call returned')
      .nullable()
      .default(null),
    files: z
      .array(
        z
          .object({
            /** relative path inside the upload, '/'-separated (a picked folder keeps its structure) */
            path: z.string().min(1, 'each file needs a path').max(1000),
            base64: z
              .string()
              .max(
                Math.ceil(UPLOAD_CHUNK_BYTES / 3) * 4 + 4,
                `a chunk holds at most ${UPLOAD_CHUNK_BYTES} bytes: split larger files`,
              )
              .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64 must be standard base64'),
            /** true: the chunk continues the file sent before; false: the chunk starts (or replaces) the file */
            append: z.boolean().default(false),
          })
          .strict(),
      )
      .max(1000, 'at most 1000 files per call'),
    /** import the folder after writing these files */
    finish: z.boolean().default(true),
  })
  .strict();
export const CaseUploadOutputSchema = z.object({
  uploadId: z.string(),
  /** the upload folder on the host: the imported cases live there */
  root: z.string(),
  /** bytes written by this call */
  bytes: z.number().int().nonnegative(),
  /** null until the call with finish */
  imported: CaseImportOutputSchema.nullable(),
});

export const CaseListInputSchema = PagingSchema.extend({
  search: z.string().optional(),
  competition: z.string().optional(),
  /** the newest job's outcome; 'none' = never run to an outcome */
  outcome: z.union([OutcomeSchema, z.literal('none')]).optional(),
  sort: z.enum(['title', 'created', 'importedAt', 'id']).default('importedAt'),
  order: SortOrderSchema.default('desc'),
}).strict();

/** A score the author saw, found in a notebook's saved outputs (shared/lib/target-discovery/). */
export const TargetCandidateSchema = z.object({
  rank: z.number().int().positive(),
  cellIndex: z.number().int().nonnegative(),
  line: z.string(),
  pattern: z.string(),
  occurrence: z.enum(['first', 'last']),
  value: z.number(),
  higherIsBetter: z.boolean(),
  metric: z.string(),
  label: z.string(),
  origin: z.enum(['printed', 'expression', 'table', 'log']),
  reason: z.string(),
  weight: z.number(),
  scoreable: z.boolean(),
});
export type TargetCandidateInfo = z.infer<typeof TargetCandidateSchema>;

/** The target candidates of imported cases, to accept or change on import (issue 16). */
export const CaseTargetsInputSchema = z
  .object({ caseIds: z.array(Id).min(1, 'caseIds must name at least one case').max(1000) })
  .strict();
export const CaseTargetsOutputSchema = z.object({
  cases: z.array(
    z.object({
      caseId: Id,
      title: z.string(),
      /** the case's own target (its manifest's, or one chosen before); null when it has none */
      target: TargetSchema.nullable(),
      /** the rank of the candidate its score spec reads, when it reads one; null otherwise */
      chosenRank: z.number().int().positive().nullable(),
      /** candidates an `output` score spec can read, best first (at most 10) */
      candidates: z.array(TargetCandidateSchema),
    }),
  ),
});
/** rank: a candidate of app:cases.targets (stored as `nbrevive case init --pick` writes it); null: no target. */
export const CaseSetTargetsInputSchema = z
  .object({
    choices: z
      .array(z.object({ caseId: Id, rank: z.number().int().positive().nullable() }).strict())
      .min(1, 'choices must name at least one case')
      .max(1000),
  })
  .strict();
export const CaseSetTargetsOutputSchema = z.object({ cases: z.array(CaseSummarySchema) });

export const CaseDetailSchema = z.object({
  summary: CaseSummarySchema,
  case: ResolvedCaseSchema,
  jobs: z.array(z.lazy(() => JobSummarySchema)),
});
