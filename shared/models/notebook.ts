// The notebook document (nbformat 4) as nbrevive reads and writes it. Unknown keys are kept (passthrough/loose)
// so writing a notebook back never drops what another tool stored in it.
import { z } from 'zod';

export const MultilineStringSchema = z.union([z.string(), z.array(z.string())]);

export const OutputSchema = z.looseObject({
  output_type: z.enum(['stream', 'display_data', 'execute_result', 'error']),
  name: z.string().optional(),
  text: MultilineStringSchema.optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  execution_count: z.number().int().nullable().optional(),
  ename: z.string().optional(),
  evalue: z.string().optional(),
  traceback: z.array(z.string()).optional(),
});
export type Output = z.infer<typeof OutputSchema>;

export const CellSchema = z.looseObject({
  id: z.string().optional(),
  cell_type: z.enum(['code', 'markdown', 'raw']),
  source: MultilineStringSchema,
  metadata: z.record(z.string(), z.unknown()),
  outputs: z.array(OutputSchema).optional(),
  execution_count: z.number().int().nullable().optional(),
  attachments: z.record(z.string(), z.unknown()).optional(),
});
export type Cell = z.infer<typeof CellSchema>;

export const NotebookSchema = z.looseObject({
  nbformat: z.literal(4),
  nbformat_minor: z.number().int().nonnegative(),
  metadata: z.record(z.string(), z.unknown()),
  cells: z.array(CellSchema),
});
export type Notebook = z.infer<typeof NotebookSchema>;
