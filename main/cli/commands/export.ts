// `nbrevive export <jobId> --out FILE [--format ipynb|py|diff] [--iteration N]`: writes a job's best version.
import { exportJob, type ExportFormat, formatFromPath } from '../../core/jobs/export';
import { openStore, resolveDbPath } from '../../core/store';
import { COMMON_OPTIONS, parse, UsageError } from '../options';

export const EXPORT_HELP = `usage: nbrevive export <jobId> --out FILE [--format ipynb|py|diff] [--iteration N]

Writes the best version of a job (or iteration N's): the notebook, a percent-format script (# %% cells), or a
unified diff of the cell sources against the original.`;

export async function exportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    ...COMMON_OPTIONS,
    out: { type: 'string', short: 'o' },
    format: { type: 'string' },
    iteration: { type: 'string' },
  });
  if (values.help) {
    console.log(EXPORT_HELP);
    return 0;
  }
  const jobId = positionals[0];
  if (!jobId) throw new UsageError('which job? nbrevive export <jobId> --out FILE');
  if (!values.out) throw new UsageError('--out FILE is required');
  const format = (values.format ?? formatFromPath(values.out)) as ExportFormat;
  if (!['ipynb', 'py', 'diff'].includes(format))
    throw new UsageError(`--format must be ipynb, py or diff, got '${format}'`);
  const iteration = values.iteration === undefined ? undefined : Number(values.iteration);
  if (iteration !== undefined && (!Number.isInteger(iteration) || iteration < 0))
    throw new UsageError(`--iteration must be a non-negative integer`);
  const store = openStore(resolveDbPath(values.db));
  try {
    const written = await exportJob(store, jobId, values.out, format, iteration);
    if (values.json) console.log(JSON.stringify({ jobId, iteration: written.index, format, file: written.file }));
    else console.log(`wrote iteration ${written.index} of job ${jobId} as ${format}: ${written.file}`);
    return 0;
  } finally {
    store.close();
  }
}
