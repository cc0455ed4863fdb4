// Output fidelity: how faithfully an execution reproduced the outputs the author's notebook saved, cell by cell
// (main/core/fidelity/compare.ts computes it; each iteration stores one).
import { z } from 'zod';

export const FidelityVerdictSchema = z.enum([
  'same',
  'numbers-drifted',
  'different',
  'new-error',
  'output-missing',
  'not-comparable',
]);
export type FidelityVerdict = z.infer<typeof FidelityVerdictSchema>;

export const CellFidelitySchema = z.object({
  /** index in the ORIGINAL notebook's `cells` (markdown counted) */
  cellIndex: z.number().int().nonnegative(),
  cellId: z.string().nullable(),
  /** index in the executed notebook, null when the cell is gone */
  executedIndex: z.number().int().nonnegative().nullable(),
  verdict: FidelityVerdictSchema,
  /** for numbers-drifted: the largest relative change of a number (|new − old| / |old|) */
  maxRelativeChange: z.number().nullable().default(null),
  /** what differs, or why the cell cannot be compared */
  reason: z.string(),
  /** original outputs that can be compared (stdout text, each result, each image, an error) */
  comparable: z.number().int().nonnegative(),
  /** of those, reproduced within the tolerance */
  reproduced: z.number().int().nonnegative(),
});
export type CellFidelity = z.infer<typeof CellFidelitySchema>;

export const FidelitySchema = z.object({
  /** reproduced / comparable over all cells; null when nothing could be compared */
  score: z.number().min(0).max(1).nullable(),
  comparable: z.number().int().nonnegative(),
  reproduced: z.number().int().nonnegative(),
  /** the relative tolerance numbers were compared at */
  tolerance: z.number().nonnegative(),
  /** code cells that had outputs in either notebook, in the original's order */
  cells: z.array(CellFidelitySchema),
});
export type Fidelity = z.infer<typeof FidelitySchema>;
