// A remote worker's copy of a case: the bundle's files fetched by sha256 into a cache shared by every job of this
// machine (blobs/<aa>/<hash>), then laid out as a case folder (hard links into the cache, copies across file
// systems) and the resolved case rewritten from the host's paths to that folder's.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ClaimAnswer } from '../../../shared/contracts/remote-worker';
import type { ResolvedCase } from '../../../shared/models/case';
import type { HostClient } from './host-client';

type Runnable = Extract<ClaimAnswer, { run: true }>;

export class CaseCache {
  /** folders being laid out: two slots starting the same case wait for one copy */
  private readonly inflight = new Map<string, Promise<void>>();

  constructor(
    readonly dir: string,
    private readonly client: HostClient,
  ) {}

  blobPath(sha256: string): string {
    return path.join(this.dir, 'blobs', sha256.slice(0, 2), sha256);
  }

  /** the blob's content (fetched once per machine) */
  async blob(sha256: string): Promise<Buffer> {
    return fs.readFileSync(await this.client.download(sha256, this.blobPath(sha256)));
  }

  /** Fetches what is missing and returns the case as it resolves on this machine. */
  async materialize(answer: Runnable): Promise<ResolvedCase> {
    const listing = JSON.stringify([answer.case.id, answer.files.map((f) => [f.path, f.sha256])]);
    const folder = path.join(
      this.dir,
      'cases',
      `${answer.case.id}-${crypto.createHash('sha256').update(listing).digest('hex').slice(0, 16)}`,
    );
    const complete = path.join(folder, '.nbrevive-complete');
    while (this.inflight.has(folder)) await this.inflight.get(folder);
    if (!fs.existsSync(complete)) {
      const done = this.layout(answer, folder, complete);
      this.inflight.set(
        folder,
        done.then(
          () => {},
          () => {},
        ),
      );
      try {
        await done;
      } finally {
        this.inflight.delete(folder);
      }
    }
    return rewriteCase(answer.case, answer.paths, folder);
  }

  private async layout(answer: Runnable, folder: string, complete: string): Promise<void> {
    {
      fs.rmSync(folder, { recursive: true, force: true });
      for (const file of answer.files) {
        const target = path.join(folder, ...file.path.split('/'));
        if (!target.startsWith(folder + path.sep)) continue; // a bundle path never leaves its folder
        const cached = await this.client.download(file.sha256, this.blobPath(file.sha256));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        try {
          fs.linkSync(cached, target);
        } catch {
          fs.copyFileSync(cached, target);
        }
      }
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'notebook.ipynb'), await this.blob(answer.originalHash));
      fs.writeFileSync(complete, '');
    }
  }
}

/** The resolved case with every host path that the bundle maps replaced by its place below `folder`. */
export function rewriteCase(c: ResolvedCase, paths: Record<string, string>, folder: string): ResolvedCase {
  const local = (rel: string) => (rel === '.' ? folder : path.join(folder, ...rel.split('/')));
  const map = (p: string): string => {
    const direct = paths[p];
    if (direct !== undefined) return local(direct);
    // below a mapped folder (the data folder, the case folder)
    let best: string | null = null;
    for (const prefix of Object.keys(paths)) {
      if (p.startsWith(prefix + '/') && (best === null || prefix.length > best.length)) best = prefix;
    }
    if (best === null) return p;
    return path.join(local(paths[best] as string), ...p.slice(best.length + 1).split('/'));
  };
  const mapValues = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, map(v)]));
  return {
    ...c,
    root: folder,
    notebookPath: path.join(folder, 'notebook.ipynb'),
    dataDir: c.dataDir === null ? null : map(c.dataDir),
    files: mapValues(c.files),
    urls: mapValues(c.urls),
    score: c.score.kind === 'submission' ? { ...c.score, answers: map(c.score.answers) } : c.score,
  };
}
