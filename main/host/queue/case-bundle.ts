// What a remote worker fetches to run a case: its files by content address. The bundle lists each file the case
// needs (the data folder's tree, the single files of `data.files` and `data.urls`, a submission's answers) as a
// path below the bundle folder with its sha256 and size, plus a map from the host's paths to those paths, so the
// worker rewrites the resolved case to its own copy. Files are hashed once per (path, size, mtime) per host run;
// the worker caches them by hash, so a corpus sharing one data folder is transferred once per machine.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { BundleFileSchema } from '../../../shared/contracts/remote-worker';
import type { ResolvedCase } from '../../../shared/models/case';
import { NbreviveError } from '../../../shared/lib/errors';

type BundleFile = z.infer<typeof BundleFileSchema>;

export interface CaseBundle {
  files: BundleFile[];
  /** host path (absolute) → path below the bundle folder ('.' for the case folder itself) */
  paths: Record<string, string>;
}

/** Every data file a bundle can hold, at most (a guard against a case pointing at `/`). */
const MAX_FILES = 100_000;

async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export class CaseBundles {
  /** sha256 → a host file with that content (what GET /api/worker/blob/<hash> may serve) */
  private readonly byHash = new Map<string, string>();
  private readonly hashes = new Map<string, { size: number; mtimeMs: number; sha256: string }>();

  /** the host file a bundle listed under this hash, if any */
  fileFor(sha256: string): string | undefined {
    return this.byHash.get(sha256);
  }

  private async entry(file: string, bundlePath: string): Promise<BundleFile> {
    const st = fs.statSync(file);
    let known = this.hashes.get(file);
    if (!known || known.size !== st.size || known.mtimeMs !== st.mtimeMs) {
      known = { size: st.size, mtimeMs: st.mtimeMs, sha256: await sha256File(file) };
      this.hashes.set(file, known);
    }
    this.byHash.set(known.sha256, file);
    return { path: bundlePath, sha256: known.sha256, size: known.size };
  }

  async bundle(c: ResolvedCase): Promise<CaseBundle> {
    const files: BundleFile[] = [];
    const paths: Record<string, string> = { [c.root]: '.' };
    if (c.dataDir) {
      paths[c.dataDir] = 'data';
      const walk = async (dir: string, rel: string) => {
        let entries: fs.Dirent[];
        try {
          entries = fs.readdirSync(dir, { withFileTypes: true });
        } catch (e) {
          throw new NbreviveError(
            'data-missing',
            `the case's data folder ${dir} cannot be read on the host: ${(e as Error).message}`,
          );
        }
        for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
          const full = path.join(dir, entry.name);
          const childRel = rel ? `${rel}/${entry.name}` : entry.name;
          // symlinks are followed here as the runtime's copy follows them (the loader already refused bad ones)
          const st = fs.statSync(full, { throwIfNoEntry: false });
          if (!st) continue;
          if (st.isDirectory()) await walk(full, childRel);
          else if (st.isFile()) {
            if (files.length >= MAX_FILES)
              throw new NbreviveError('invalid-case', `the data folder ${c.dataDir} holds over ${MAX_FILES} files`);
            files.push(await this.entry(full, `data/${childRel}`));
          }
        }
      };
      await walk(c.dataDir, '');
    }
    const singles = [
      ...Object.values(c.files),
      ...Object.values(c.urls),
      ...(c.score.kind === 'submission' ? [c.score.answers] : []),
    ];
    let n = 0;
    for (const file of new Set(singles)) {
      const abs = path.isAbsolute(file) ? file : path.resolve(c.root, file);
      if (c.dataDir && (abs === c.dataDir || abs.startsWith(c.dataDir + path.sep))) continue;
      if (!fs.existsSync(abs)) continue; // the runtime reports a missing file the way it does locally
      const bundlePath = `files/${n++}/${path.basename(abs)}`;
      paths[abs] = bundlePath;
      if (abs !== file) paths[file] = bundlePath;
      files.push(await this.entry(abs, bundlePath));
    }
    return { files, paths };
  }
}
