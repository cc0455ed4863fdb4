// A person's judgement of whether the modernized notebook computes what the original did (functional equivalence):
// the one list of verdicts the store, the API contract and the UI share.
import { z } from 'zod';

export const REVIEW_VERDICTS = ['equivalent', 'not-equivalent', 'unsure'] as const;
export const ReviewVerdictSchema = z.enum(REVIEW_VERDICTS);
export type ReviewVerdict = z.infer<typeof ReviewVerdictSchema>;
