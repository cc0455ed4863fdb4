// The supported Node range (package.json `engines`) agrees with every dependency that states one: each version we
// promise must be one that every locked package accepts, or `npm ci` warns (EBADENGINE) and the package may break.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines?: { node?: string } };
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('the Node range in engines', () => {
  it('is stated and includes the Node running the tests', () => {
    expect(pkg.engines?.node).toBeTruthy();
    expect(semver.satisfies(process.version, pkg.engines!.node!)).toBe(true);
  });

  it('is a subset of every locked dependency’s own range', () => {
    const ours = pkg.engines!.node!;
    const disagree: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const theirs = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      if (!where || !theirs) continue;
      if (!semver.subset(ours, theirs)) disagree.push(`${where.replace(/^.*node_modules\//, '')} wants ${theirs}`);
    }
    expect(disagree).toEqual([]);
  });
});
