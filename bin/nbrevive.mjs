#!/usr/bin/env node
// Entry of the `nbrevive` command: loads the TypeScript CLI through tsx's loader, so `npx nbrevive` works right
// after `npm ci` with no build step. `--script FILE` runs another TypeScript file the same way (benchmarks).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
register();
let entry = path.join(root, 'main/cli/index.ts');
if (process.argv[2] === '--script') {
  entry = path.resolve(process.argv[3]);
  process.argv.splice(2, 2);
}
await import(pathToFileURL(entry).href);
