// Bundles the Electron side of the desktop app with esbuild: the main process and the worker utilityProcess as ESM
// (out/main/app/{main,worker}.js, npm packages left in node_modules) and the sandboxed preload as one self-contained
// CommonJS file (out/preload/preload.cjs: a sandboxed preload can require nothing but 'electron').
// Usage: tsx tools/build-app.ts [--out DIR] (the renderer is built by `npm run build:renderer`).
import fs from 'node:fs';
import path from 'node:path';
import { build, BuildOptions, Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Engine modules find their resources relative to their own folder (`import.meta.dirname` + '../../resources/…').
 * In a bundle every module would share the bundle's folder, so each use is rewritten to the module's source folder
 * under the app root (the checkout, or app.asar when packaged): `<bundle>/../../..` + `main/core/…`.
 */
export function sourceDirnamePlugin(root: string): Plugin {
  return {
    name: 'nbrevive-source-dirname',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const text = await fs.promises.readFile(args.path, 'utf8');
        if (!text.includes('import.meta.dirname')) return { contents: text, loader: 'ts' };
        const rel = path.relative(root, path.dirname(args.path)).split(path.sep).join('/');
        return { contents: text.replaceAll('import.meta.dirname', `__nbreviveJoin(__nbreviveAppRoot, ${JSON.stringify(rel)})`), loader: 'ts' };
      });
    },
  };
}

/** Defines the app root for the rewritten dirnames: bundles live in <root>/out/main/app. */
const ESM_BANNER = [
  "import { dirname as __nbreviveDirname, join as __nbreviveJoin } from 'node:path';",
  "import { fileURLToPath as __nbreviveFileURLToPath } from 'node:url';",
  "const __nbreviveAppRoot = __nbreviveJoin(__nbreviveDirname(__nbreviveFileURLToPath(import.meta.url)), '..', '..', '..');",
].join('\n');

export function appBuildOptions(outRoot: string): BuildOptions[] {
  const common: BuildOptions = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    absWorkingDir: ROOT,
  };
  const node: BuildOptions = {
    ...common,
    format: 'esm',
    // node_modules stay where electron-builder packs them (native better-sqlite3, wasm grammars)
    packages: 'external',
    external: ['electron'],
    banner: { js: ESM_BANNER },
    plugins: [sourceDirnamePlugin(ROOT)],
  };
  return [
    { ...node, entryPoints: { main: 'main/app/main.ts', worker: 'main/app/worker-entry.ts' }, outdir: path.join(outRoot, 'main', 'app') },
    { ...common, format: 'cjs', external: ['electron'], entryPoints: { preload: 'main/app/preload.ts' }, outdir: path.join(outRoot, 'preload'), outExtension: { '.js': '.cjs' } },
  ];
}

export async function buildApp(outRoot = path.join(ROOT, 'out')): Promise<void> {
  fs.rmSync(path.join(outRoot, 'main'), { recursive: true, force: true });
  fs.rmSync(path.join(outRoot, 'preload'), { recursive: true, force: true });
  await Promise.all(appBuildOptions(outRoot).map((o) => build(o)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const at = process.argv.indexOf('--out');
  const out = at === -1 ? undefined : path.resolve(process.argv[at + 1] ?? 'out');
  buildApp(out).then(
    () => console.log(`built the desktop app's main, worker and preload into ${out ?? path.join(ROOT, 'out')}`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
