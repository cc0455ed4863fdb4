// Bundles nbrevive's Node side with esbuild, so no TypeScript loader runs at run time:
// - the headless product (out/cli): the `nbrevive` command (CLI, host, `serve`) and the worker process it forks;
// - the desktop app (out/main/app, out/preload): the Electron main process and its worker utilityProcess as ESM,
//   and the sandboxed preload as one self-contained CommonJS file (a sandboxed preload can require only 'electron').
// npm packages stay in node_modules (native better-sqlite3, wasm grammars). `npm ci` runs this through `prepare`.
// Usage: tsx tools/build-app.ts [--out DIR] [--cli] (--cli: the headless bundles only). The renderer is built by
// `npm run build:renderer`.
import fs from 'node:fs';
import path from 'node:path';
import { build, BuildOptions, Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Engine modules find their resources relative to their own folder (`import.meta.dirname` + '../../resources/…').
 * In a bundle every module would share the bundle's folder, so each use is rewritten to the module's source folder
 * under the app root (the checkout, the installed package, or app.asar when packaged): `<root>` + `main/core/…`.
 */
export function sourceDirnamePlugin(root: string): Plugin {
  return {
    name: 'nbrevive-source-dirname',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const text = await fs.promises.readFile(args.path, 'utf8');
        if (!text.includes('import.meta.dirname')) return { contents: text, loader: 'ts' };
        const rel = path.relative(root, path.dirname(args.path)).split(path.sep).join('/');
        return {
          contents: text.replaceAll('import.meta.dirname', `__nbreviveJoin(__nbreviveAppRoot, ${JSON.stringify(rel)})`),
          loader: 'ts',
        };
      });
    },
  };
}

/** Defines the app root for the rewritten dirnames: a bundle `depth` folders below it (out/cli: 2, out/main/app: 3). */
function esmBanner(depth: number): string {
  const up = Array.from({ length: depth }, () => "'..'").join(', ');
  return [
    "import { dirname as __nbreviveDirname, join as __nbreviveJoin } from 'node:path';",
    "import { fileURLToPath as __nbreviveFileURLToPath } from 'node:url';",
    `const __nbreviveAppRoot = __nbreviveJoin(__nbreviveDirname(__nbreviveFileURLToPath(import.meta.url)), ${up});`,
  ].join('\n');
}

const COMMON: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  absWorkingDir: ROOT,
};

function nodeBundle(depth: number): BuildOptions {
  return {
    ...COMMON,
    format: 'esm',
    packages: 'external',
    external: ['electron'],
    banner: { js: esmBanner(depth) },
    plugins: [sourceDirnamePlugin(ROOT)],
  };
}

/** The headless product: out/cli/nbrevive.js (the command) and out/cli/worker.js (the worker it forks). */
export function cliBuildOptions(outRoot: string): BuildOptions[] {
  return [
    {
      ...nodeBundle(2),
      entryPoints: { nbrevive: 'main/cli/index.ts', worker: 'main/worker/worker-entry.ts' },
      outdir: path.join(outRoot, 'cli'),
    },
  ];
}

export function appBuildOptions(outRoot: string): BuildOptions[] {
  return [
    {
      ...nodeBundle(3),
      entryPoints: { main: 'main/app/main.ts', worker: 'main/app/utility-worker-entry.ts' },
      outdir: path.join(outRoot, 'main', 'app'),
    },
    {
      ...COMMON,
      format: 'cjs',
      external: ['electron'],
      entryPoints: { preload: 'main/app/preload.ts' },
      outdir: path.join(outRoot, 'preload'),
      outExtension: { '.js': '.cjs' },
    },
  ];
}

/**
 * Builds in memory, then puts each file in place by rename: a command started while another process rebuilds
 * (bin/nbrevive.mjs rebuilds a stale checkout) reads the old file or the new one, never half of one.
 */
async function buildAtomically(options: BuildOptions): Promise<void> {
  const result = await build({ ...options, write: false });
  for (const file of result.outputFiles) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const tmp = `${file.path}.tmp-${process.pid}`;
    fs.writeFileSync(tmp, file.contents);
    fs.renameSync(tmp, file.path);
  }
}

export async function buildCli(outRoot = path.join(ROOT, 'out')): Promise<void> {
  await Promise.all(cliBuildOptions(outRoot).map((o) => buildAtomically(o)));
}

export async function buildApp(outRoot = path.join(ROOT, 'out')): Promise<void> {
  fs.rmSync(path.join(outRoot, 'main'), { recursive: true, force: true });
  fs.rmSync(path.join(outRoot, 'preload'), { recursive: true, force: true });
  await Promise.all([...appBuildOptions(outRoot).map((o) => build(o)), buildCli(outRoot)]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const at = process.argv.indexOf('--out');
  const out = at === -1 ? path.join(ROOT, 'out') : path.resolve(process.argv[at + 1] ?? 'out');
  const cliOnly = process.argv.includes('--cli');
  (cliOnly ? buildCli(out) : buildApp(out)).then(
    () => {
      const built = cliOnly
        ? 'the nbrevive command and its worker'
        : "the nbrevive command, its worker and the desktop app's main, worker and preload";
      if (!process.argv.includes('--quiet')) console.log(`built ${built} into ${out}`);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
