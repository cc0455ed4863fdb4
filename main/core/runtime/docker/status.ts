// What `nbrevive runtimes` and `nbrevive images` show about Docker: the engine (reachable or why not, version,
// NVIDIA support, host GPUs), the local images with the presets marked, and one-line pull progress.
import { NbreviveError } from '../../../../shared/lib/errors';
import { type EngineInfo, connectEngine, engineInfo } from './engine';
import { type GpuDevice, type NvidiaSupport, detectNvidia, listHostGpus } from './gpu';
import { IMAGE_PRESETS, type LocalImage, type PullProgress, listImages } from './images';

export interface DockerStatus {
  ok: boolean;
  /** one line: "Docker 27.1 at unix:///var/run/docker.sock, NVIDIA runtime, 2 GPUs" or what to do */
  message: string;
  address: string;
  engine: EngineInfo | null;
  nvidia: NvidiaSupport | null;
  /** the host's GPUs from nvidia-smi (empty without an NVIDIA driver) */
  gpus: GpuDevice[];
  images: Array<LocalImage & { preset: string | null }>;
}

/** The Docker engine as `nbrevive runtimes` reports it; never throws for an unusable engine (ok: false). */
export async function dockerStatus(host?: string): Promise<DockerStatus> {
  let address = host ?? process.env.DOCKER_HOST ?? 'unix:///var/run/docker.sock';
  try {
    const connection = connectEngine(host);
    address = connection.address;
    const [engine, gpus] = await Promise.all([engineInfo(connection), listHostGpus()]);
    const images = (await listImages(connection)).map((image) => ({
      ...image,
      preset: IMAGE_PRESETS.find((p) => image.tags.includes(p.image))?.name ?? null,
    }));
    const nvidia = detectNvidia(engine);
    const gpuText = nvidia.available
      ? `NVIDIA ${nvidia.via.join(' + ')}, ${count(gpus.length, 'GPU')}`
      : gpus.length > 0
        ? `${count(gpus.length, 'GPU')} on the host but no NVIDIA runtime in Docker ` +
          '(install the NVIDIA Container Toolkit)'
        : 'no NVIDIA runtime';
    return {
      ok: true,
      message: `Docker ${engine.serverVersion} at ${address}; ${gpuText}; ${count(images.length, 'image')}`,
      address,
      engine,
      nvidia,
      gpus,
      images,
    };
  } catch (error) {
    if (!(error instanceof NbreviveError)) throw error;
    return { ok: false, message: error.message, address, engine: null, nvidia: null, gpus: [], images: [] };
  }
}

/** "1 GPU", "2 GPUs" */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function megabytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** "gcr.io/kaggle-images/python:latest: 3/12 layers, 1.20 GB / 9.80 GB (12%)" for a progress line. */
export function formatPullProgress(progress: PullProgress): string {
  const done = progress.layers.filter((l) => /complete|Already exists/i.test(l.status)).length;
  const pct = progress.totalBytes > 0 ? ` (${Math.floor((100 * progress.currentBytes) / progress.totalBytes)}%)` : '';
  const bytes =
    progress.totalBytes > 0 ? `, ${megabytes(progress.currentBytes)} / ${megabytes(progress.totalBytes)}${pct}` : '';
  const message = progress.layers.length === 0 && progress.message ? `, ${progress.message}` : '';
  return `${progress.image}: ${done}/${progress.layers.length} layers${bytes}${message}`;
}
