// Where a folder of resources/ is at run time: NBREVIVE_RESOURCES, the packaged desktop app's resources
// (process.resourcesPath, electron-builder's extraResources), or resources/ above the module's source folder (a
// checkout, the bundled CLI, or the installed npm package — bundling keeps each module's source folder).
import fs from 'node:fs';
import path from 'node:path';

/** The candidate folders for resources/<name>, in the order they are tried. */
export function resourceCandidates(name: string, from: string = import.meta.dirname): string[] {
  const candidates: string[] = [];
  if (process.env.NBREVIVE_RESOURCES) candidates.push(path.join(process.env.NBREVIVE_RESOURCES, name));
  const packaged = (process as { resourcesPath?: string }).resourcesPath;
  if (packaged) candidates.push(path.join(packaged, name), path.join(packaged, 'resources', name));
  for (let dir = from; ; dir = path.dirname(dir)) {
    candidates.push(path.join(dir, 'resources', name));
    if (path.dirname(dir) === dir) break;
  }
  return candidates;
}

/** The first folder resources/<name> that holds `marker`, or null. */
export function findResourceDir(name: string, marker: string): string | null {
  return resourceCandidates(name).find((dir) => fs.existsSync(path.join(dir, marker))) ?? null;
}
