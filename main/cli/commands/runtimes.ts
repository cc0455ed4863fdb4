// `nbrevive runtimes`: every runtime with its status and versions (local interpreters, the Docker engine), and
// `nbrevive images [list|pull NAME|build]`: Docker images, with pull progress and build logs.
import { DockerRuntime } from '../../core/runtime/docker/docker-runtime';
import { connectEngine, engineInfo } from '../../core/runtime/docker/engine';
import { detectNvidia } from '../../core/runtime/docker/gpu';
import { buildImage, IMAGE_PRESETS, listImages, NBREVIVE_IMAGE, pullImage } from '../../core/runtime/docker/images';
import { detectPythons, pickDefault } from '../../core/runtime/python-detect';
import { toErrorInfo } from '../../../shared/lib/errors';
import { bold, green, red } from '../format';
import { COMMON_OPTIONS, parse, UsageError } from '../options';

export async function runtimesCommand(args: string[]): Promise<number> {
  const { values } = parse(args, { ...COMMON_OPTIONS, image: { type: 'string' } });
  if (values.help) {
    console.log('usage: nbrevive runtimes [--image NAME] [--json]\n\nLists the local Python interpreters (with nbclient + ipykernel or what they lack) and the Docker engine.');
    return 0;
  }
  const pythons = await detectPythons();
  const pick = pickDefault(pythons);
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
    console.log(JSON.stringify({ local: { default: pick?.path ?? null, interpreters: pythons }, docker: { address: docker.address, image, check, engine } }));
    return 0;
  }
  console.log(bold('local (Python interpreters)'));
  if (pythons.length === 0) console.log('  none found');
  for (const p of pythons) {
    const mark = p.usable ? green('usable') : red(p.problem ?? 'unusable');
    console.log(`  ${p === pick ? '*' : ' '} ${p.path}  (${p.source}, Python ${p.version ?? '?'})  ${mark}`);
  }
  if (pick) console.log(`  * the default (override with --python or NBREVIVE_PYTHON)`);
  console.log(bold('\ndocker'));
  console.log(`  engine   ${engine ? `${green(`running`)} (Docker ${engine.version}, NVIDIA runtime: ${engine.nvidia ? 'yes' : 'no'}) at ${docker.address}` : red(`unreachable at ${docker.address}`)}`);
  console.log(`  image    ${image}: ${check.ok ? green('ready') : red(check.message)}`);
  return 0;
}

export async function imagesCommand(args: string[]): Promise<number> {
  const [sub = 'list', ...rest] = args[0]?.startsWith('-') ? ['list', ...args] : args;
  const { values, positionals } = parse(rest, { ...COMMON_OPTIONS, tag: { type: 'string' }, context: { type: 'string' } });
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
        for (const img of images) console.log(`${img.tags.join(', ') || '<none>'}  ${img.id.slice(7, 19)}  ${(img.sizeBytes / 1e9).toFixed(2)} GB`);
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
      const id = await buildImage(connection, { ...(values.tag ? { tag: values.tag } : {}), ...(values.context ? { contextDir: values.context } : {}) }, (line) => process.stderr.write(`${line}\n`));
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
