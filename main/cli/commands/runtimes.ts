// `nbrevive runtimes`: every runtime with its status and versions (local interpreters, the Docker engine), and
// `nbrevive images [list|pull NAME|build]`: Docker images, with pull progress and build logs.
import { DockerRuntime } from '../../core/runtime/docker/docker-runtime';
import { connectEngine, engineInfo } from '../../core/runtime/docker/engine';
import { detectNvidia } from '../../core/runtime/docker/gpu';
import { buildImage, IMAGE_PRESETS, listImages, NBREVIVE_IMAGE, pullImage } from '../../core/runtime/docker/images';
import readline from 'node:readline/promises';
import { checkPython, detectPythons, pickDefault } from '../../core/runtime/python-detect';
import { planSetup, readManagedRuntime } from '../../core/runtime/python-setup';
import { nbreviveDataDir } from '../../core/store/paths';
import { setUpWithProgress } from '../python-offer';
import { toErrorInfo } from '../../../shared/lib/errors';
import { bold, green, red } from '../format';
import { COMMON_OPTIONS, parse, UsageError } from '../options';

const SETUP_HELP = `usage: nbrevive runtimes setup [--yes] [--method venv|apt] [--python BASE] [--find-links DIR] [--requirements FILE] [--json]

Sets up the managed Python runtime and makes it the default of run, modernize, corpus and serve:
  venv  a virtual environment under nbrevive's data folder (NBREVIVE_DATA_DIR, default ~/.config/nbrevive/python),
        filled by pip from the pinned resources/python/requirements.txt; --find-links DIR (repeatable) installs from
        local package folders instead of an index (pip's PIP_INDEX_URL etc. are honoured too)
  apt   Debian/Ubuntu's packages (resources/python/apt-packages.txt) into /usr/bin/python3, with sudo when not root
Without --method: venv where pip reaches a package index, else apt on Debian/Ubuntu. Asks once on a terminal;
--yes (scripts) does not ask.`;

async function setupCommand(args: string[]): Promise<number> {
  const { values } = parse(args, {
    ...COMMON_OPTIONS,
    yes: { type: 'boolean', short: 'y', default: false },
    method: { type: 'string' },
    python: { type: 'string' },
    'find-links': { type: 'string', multiple: true },
    requirements: { type: 'string' },
  });
  if (values.help) {
    console.log(SETUP_HELP);
    return 0;
  }
  const method = values.method;
  if (method !== undefined && method !== 'venv' && method !== 'apt')
    throw new UsageError(`--method must be venv or apt, got '${method}'`);
  const plan = await planSetup({
    ...(method ? { method } : {}),
    ...(values.python ? { basePython: values.python } : {}),
    ...(values['find-links'] ? { findLinks: values['find-links'] } : {}),
    ...(values.requirements ? { requirements: values.requirements } : {}),
  });
  if (!values.yes) {
    if (!process.stdin.isTTY)
      throw new UsageError(`this would set up ${plan.description}: pass --yes to do it without a terminal`);
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
    const answer = (await rl.question(`Set up ${plan.description}? [Y/n] `)).trim().toLowerCase();
    rl.close();
    if (answer !== '' && answer !== 'y' && answer !== 'yes') {
      console.error('nothing was changed');
      return 1;
    }
  }
  const runtime = await setUpWithProgress(plan);
  if (values.json) console.log(JSON.stringify(runtime));
  else console.log(`${green('ready')}: ${runtime.python} (${runtime.method}) is the default runtime`);
  return 0;
}

export async function runtimesCommand(args: string[]): Promise<number> {
  if (args[0] === 'setup') return setupCommand(args.slice(1));
  const { values } = parse(args, { ...COMMON_OPTIONS, image: { type: 'string' } });
  if (values.help) {
    console.log(
      'usage: nbrevive runtimes [--image NAME] [--json]\n       nbrevive runtimes setup [--yes] ' +
        '[--method venv|apt] …   (see nbrevive runtimes setup --help)\n\nLists the local Python ' +
        'interpreters (with nbclient + ipykernel or what they lack) and the Docker engine.',
    );
    return 0;
  }
  const pythons = await detectPythons();
  // the remembered managed runtime is the default while it works (the same order as choosePython)
  const managed = readManagedRuntime(nbreviveDataDir());
  const managedOk = managed ? (await checkPython(managed.python)).ok : false;
  const pick = (managedOk ? pythons.find((p) => p.path === managed?.python) : undefined) ?? pickDefault(pythons);
  const image = values.image ?? NBREVIVE_IMAGE;
  const docker = new DockerRuntime({ image });
  const check = await docker.check();
  let engine: { version: string; nvidia: boolean } | null = null;
  try {
    const info = await engineInfo(connectEngine());
    engine = { version: info.serverVersion, nvidia: detectNvidia(info).available };
  } catch {
    engine = null;
  }
  if (values.json) {
    console.log(
      JSON.stringify({
        local: { default: pick?.path ?? null, managed, interpreters: pythons },
        docker: { address: docker.address, image, check, engine },
      }),
    );
    return 0;
  }
  console.log(bold('local (Python interpreters)'));
  if (pythons.length === 0) console.log('  none found');
  for (const p of pythons) {
    const mark = p.usable ? green('usable') : red(p.problem ?? 'unusable');
    console.log(`  ${p === pick ? '*' : ' '} ${p.path}  (${p.source}, Python ${p.version ?? '?'})  ${mark}`);
  }
  if (pick) console.log(`  * the default (override with --python or NBREVIVE_PYTHON)`);
  else console.log(`  none is usable: set one up with ${bold('nbrevive runtimes setup')}`);
  if (managed) {
    const unusable = managedOk ? '' : red(' — no longer usable; run nbrevive runtimes setup again');
    console.log(
      `  managed runtime: ${managed.python} (${managed.method}, set up ${managed.createdAt.slice(0, 10)})${unusable}`,
    );
  }
  console.log(bold('\ndocker'));
  const engineText = engine
    ? `${green(`running`)} (Docker ${engine.version}, NVIDIA runtime: ${engine.nvidia ? 'yes' : 'no'}) ` +
      `at ${docker.address}`
    : red(`unreachable at ${docker.address}`);
  console.log(`  engine   ${engineText}`);
  console.log(`  image    ${image}: ${check.ok ? green('ready') : red(check.message)}`);
  return 0;
}

export async function imagesCommand(args: string[]): Promise<number> {
  const [sub = 'list', ...rest] = args[0]?.startsWith('-') ? ['list', ...args] : args;
  const { values, positionals } = parse(rest, {
    ...COMMON_OPTIONS,
    tag: { type: 'string' },
    context: { type: 'string' },
  });
  if (values.help) {
    console.log(`usage: nbrevive images [list]            local images and the presets
       nbrevive images pull NAME         pull an image or a preset (${IMAGE_PRESETS.map((p) => p.name).join(', ')})
       nbrevive images build [--tag T]   build resources/docker/Dockerfile (default tag ${NBREVIVE_IMAGE})`);
    return 0;
  }
  const connection = connectEngine();
  try {
    if (sub === 'list') {
      const images = await listImages(connection);
      if (values.json) console.log(JSON.stringify({ images, presets: IMAGE_PRESETS }));
      else {
        for (const img of images)
          console.log(
            `${img.tags.join(', ') || '<none>'}  ${img.id.slice(7, 19)}  ${(img.sizeBytes / 1e9).toFixed(2)} GB`,
          );
        if (images.length === 0) console.log('no local images');
        console.log(bold('\npresets'));
        for (const p of IMAGE_PRESETS) console.log(`  ${p.name.padEnd(11)} ${p.image}  ${p.description}`);
      }
      return 0;
    }
    if (sub === 'pull') {
      const name = positionals[0];
      if (!name) throw new UsageError('which image? nbrevive images pull NAME');
      const id = await pullImage(connection, name, (p) => {
        if (!process.stderr.isTTY) return;
        const pct = p.totalBytes ? ` ${((100 * p.currentBytes) / p.totalBytes).toFixed(0)}%` : '';
        process.stderr.write(`\r\x1b[K${p.image}: ${p.layers.length} layers${pct} ${p.message}`);
      });
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
      console.log(`pulled ${name}: ${id}`);
      return 0;
    }
    if (sub === 'build') {
      const id = await buildImage(
        connection,
        { ...(values.tag ? { tag: values.tag } : {}), ...(values.context ? { contextDir: values.context } : {}) },
        (line) => process.stderr.write(`${line}\n`),
      );
      console.log(`built ${values.tag ?? NBREVIVE_IMAGE}: ${id}`);
      return 0;
    }
    throw new UsageError(`unknown images command '${sub}' (list, pull, build)`);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const info = toErrorInfo(e);
    console.error(`nbrevive images: ${info.message}`);
    return 2;
  }
}
