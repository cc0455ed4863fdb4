// Reading the library mirrors that the `fetch` tool leaves under /work/.mirror/owner+name/repo: `git show REF:path`
// and `git ls-tree`, never a checkout.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export function git(gitDir: string, ...args: string[]): string {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

export function remoteOf(gitDir: string): string | null {
  // the mirror folder is named owner+name
  const base = path.basename(path.dirname(gitDir));
  return base.includes('+') ? base.replace('+', '/') : null;
}

export function gitFiles(gitDir: string, ref: string, dir: string, pattern: RegExp): string[] {
  return git(gitDir, 'ls-tree', '-r', '--name-only', ref, dir)
    .split('\n')
    .filter((p) => pattern.test(p));
}
