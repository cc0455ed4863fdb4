#!/usr/bin/env node
// `npm start`: launches the desktop app, after checking that Electron is really there. Electron is an optional
// dependency: where its binary cannot be downloaded (air-gapped machines, locked-down CI) `npm ci` still succeeds
// and the CLI, `nbrevive serve` and the worker work without it; only the desktop app needs it, and this says so.
// Usage: node tools/start-desktop.mjs [--check]   (--check: only check, for `npm run dist`)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(ROOT, 'package.json'));
const wanted =
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).optionalDependencies?.electron ?? 'latest';

/** The Electron binary's path, or why there is none and how to get it. */
export function electronBinary() {
  let pkg;
  try {
    pkg = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return {
      problem:
        `Electron is not installed (it is optional; npm skips it when its binary cannot be downloaded). ` +
        `Install it where its download works: npm install --no-save electron@${wanted} (or set ELECTRON_MIRROR to a ` +
        `mirror you can reach), then run npm start again. The CLI and \`nbrevive serve\` do not need it.`,
    };
  }
  const pathFile = path.join(pkg, 'path.txt');
  const binary = fs.existsSync(pathFile) ? path.join(pkg, 'dist', fs.readFileSync(pathFile, 'utf8').trim()) : null;
  if (!binary || !fs.existsSync(binary)) {
    return {
      problem:
        `Electron's package is installed but its binary is not (it was installed with ` +
        `ELECTRON_SKIP_BINARY_DOWNLOAD, or the download failed). Fetch it with: node ` +
        `${path.relative(process.cwd(), path.join(pkg, 'install.js'))} (it downloads from GitHub or ` +
        `ELECTRON_MIRROR), then run npm start again. The CLI and \`nbrevive serve\` do not need it.`,
    };
  }
  return { binary };
}

function run(command, args) {
  const r = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const found = electronBinary();
  if (!found.binary) {
    console.error(`nbrevive desktop: ${found.problem}`);
    process.exit(2);
  }
  if (!process.argv.includes('--check')) {
    run('npm', ['run', 'build']);
    run('npm', ['run', 'rebuild:electron']);
    run(found.binary, ['.']);
  }
}
