// A person's judgement of whether the modernized notebook computes what the original did (functional equivalence):
// the one list of verdicts the store, the API contract and the UI share.
import { z } from 'zod';

export const REVIEW_VERDICTS = ['equivalent', 'not-equivalent', 'unsure'] as const;
export const ReviewVerdictSchema = z.enum(REVIEW_VERDICTS);
export type ReviewVerdict = z.infer<typeof ReviewVerdictSchema>;

/** A person's judgement of one job (the store keeps one per job; `app:reviews.*` reads and sets it). */
export const ReviewSchema = z.object({
  jobId: z.string().min(1, 'an id is required'),
  verdict: ReviewVerdictSchema,
  note: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;
