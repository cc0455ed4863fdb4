#!/usr/bin/env node
// Entry of the `nbrevive` command: runs the bundled JavaScript in out/cli (built at install time by `npm ci`'s
// `prepare`, shipped built in `npm pack`'s tarball), from any working directory.
// In a source checkout it first rebuilds that bundle when a TypeScript source is newer (a second or two, dev only),
// so an edit is never run stale. `--script FILE` runs a TypeScript file through tsx (benchmarks; checkout only).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'out', 'cli', 'nbrevive.js');
const checkout = fs.existsSync(path.join(root, 'tools', 'build-app.ts')) && fs.existsSync(path.join(root, 'main'));

/** Newest modification time of a .ts file below dir (0 when there is none). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function rebuildIfStale() {
  const built = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
  if (built > 0 && built >= Math.max(newestSource(path.join(root, 'main')), newestSource(path.join(root, 'shared'))))
    return;
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'tools', 'build-app.ts'), '--cli', '--quiet'],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (r.status !== 0 && built === 0) {
    console.error(
      'nbrevive: the command is not built and could not be built here: run `npm run build` in the checkout',
    );
    process.exit(2);
  }
  if (r.status !== 0)
    console.error('nbrevive: warning: rebuilding from changed sources failed; running the previous build');
}

if (process.argv[2] === '--script') {
  const { register } = await import('tsx/esm/api');
  register();
  const script = path.resolve(process.argv[3]);
  process.argv.splice(2, 2);
  await import(pathToFileURL(script).href);
} else {
  if (checkout) rebuildIfStale();
  else if (!fs.existsSync(bundle)) {
    console.error(`nbrevive: ${bundle} is missing: this installation is incomplete; reinstall the package`);
    process.exit(2);
  }
  await import(pathToFileURL(bundle).href);
}
