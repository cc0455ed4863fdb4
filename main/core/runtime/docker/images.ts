// Images on the engine: list them, pull one with per-layer progress (presets: Kaggle's CPU and GPU images), and
// build nbrevive's own image from resources/docker/ with its build log streamed.
import fs from 'node:fs';
import path from 'node:path';
import type Docker from 'dockerode';
import { NbreviveError } from '../../../../shared/lib/errors';
import { type EngineConnection, dockerMessage, engineError } from './engine';

export interface ImagePreset {
  name: string;
  image: string;
  description: string;
  gpu: boolean;
}

/** nbrevive's own image, built from resources/docker/Dockerfile */
export const NBREVIVE_IMAGE = 'nbrevive/runtime:latest';

export const IMAGE_PRESETS: readonly ImagePreset[] = [
  {
    name: 'kaggle',
    image: 'gcr.io/kaggle-images/python:latest',
    description: "Kaggle's CPU Python image (large: ~20 GB)",
    gpu: false,
  },
  {
    name: 'kaggle-gpu',
    image: 'gcr.io/kaggle-gpu-images/python:latest',
    description: "Kaggle's GPU Python image (CUDA; ~30 GB)",
    gpu: true,
  },
  {
    name: 'nbrevive',
    image: NBREVIVE_IMAGE,
    description: 'slim Python 3.11 + nbclient and the common ML stack (`nbrevive images build`)',
    gpu: false,
  },
];

/** A preset name (kaggle, kaggle-gpu, nbrevive) → its image reference; anything else is taken as a reference. */
export function resolveImageName(nameOrRef: string): string {
  return IMAGE_PRESETS.find((p) => p.name === nameOrRef)?.image ?? nameOrRef;
}

export interface LocalImage {
  id: string;
  tags: string[];
  sizeBytes: number;
  created: Date;
}

export async function listImages(connection: EngineConnection): Promise<LocalImage[]> {
  let images: Docker.ImageInfo[];
  try {
    images = await connection.docker.listImages();
  } catch (error) {
    throw engineError(error, connection.address);
  }
  return images
    .map((i) => ({
      id: i.Id,
      tags: (i.RepoTags ?? []).filter((t) => t !== '<none>:<none>'),
      sizeBytes: i.Size,
      created: new Date(i.Created * 1000),
    }))
    .sort((a, b) => b.created.getTime() - a.created.getTime());
}

export interface LayerProgress {
  id: string;
  /** Waiting, Downloading, Extracting, Pull complete, Already exists, … */
  status: string;
  current: number;
  total: number;
}

export interface PullProgress {
  image: string;
  layers: LayerProgress[];
  /** bytes downloaded over bytes to download, summed over the layers whose size is known */
  currentBytes: number;
  totalBytes: number;
  /** the latest status line that is not about one layer ("Pulling from …", "Digest: …") */
  message: string;
}

interface ProgressEvent {
  id?: string;
  status?: string;
  progressDetail?: { current?: number; total?: number };
  error?: string;
  errorDetail?: { message?: string };
  stream?: string;
  aux?: { ID?: string };
}

/** Pulls an image, reporting aggregated per-layer progress; resolves with the pulled image's id. */
export async function pullImage(
  connection: EngineConnection,
  nameOrRef: string,
  onProgress?: (progress: PullProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const image = resolveImageName(nameOrRef);
  const ref = /:[^/]+$|@sha256:/.test(image) ? image : `${image}:latest`;
  const layers = new Map<string, LayerProgress>();
  let message = '';
  try {
    const stream = (await connection.docker.pull(ref, { abortSignal: signal })) as NodeJS.ReadableStream;
    await followStream(connection, stream, (event) => {
      if (event.id && event.status && !/^Pulling from|^Digest|^Status/.test(event.status)) {
        const previous = layers.get(event.id);
        const done = /complete|Already exists/i.test(event.status);
        const total = event.progressDetail?.total ?? previous?.total ?? 0;
        layers.set(event.id, {
          id: event.id,
          status: event.status,
          total,
          current: done
            ? total
            : /Downloading/.test(event.status)
              ? (event.progressDetail?.current ?? 0)
              : (previous?.current ?? 0),
        });
      } else if (event.status) {
        message = event.id ? `${event.status} ${event.id}` : event.status;
      }
      const all = [...layers.values()];
      onProgress?.({
        image: ref,
        layers: all,
        currentBytes: all.reduce((s, l) => s + l.current, 0),
        totalBytes: all.reduce((s, l) => s + l.total, 0),
        message,
      });
    });
  } catch (error) {
    throw registryError('pull', ref, error, connection);
  }
  const inspect = await connection.docker.getImage(ref).inspect();
  return inspect.Id;
}

export interface BuildOptions {
  /** folder holding the Dockerfile (default resources/docker) */
  contextDir?: string;
  tag?: string;
  /** build arguments (e.g. a different base image) */
  buildArgs?: Record<string, string>;
  signal?: AbortSignal;
}

/** The folder of nbrevive's own Dockerfile. */
export function defaultBuildContext(): string {
  return path.resolve(import.meta.dirname, '../../../../resources/docker');
}

/** Builds an image from a folder with a Dockerfile, streaming the build log line by line; resolves with its id. */
export async function buildImage(
  connection: EngineConnection,
  options: BuildOptions = {},
  onLog?: (line: string) => void,
): Promise<string> {
  const contextDir = options.contextDir ?? defaultBuildContext();
  const tag = options.tag ?? NBREVIVE_IMAGE;
  if (!fs.existsSync(path.join(contextDir, 'Dockerfile'))) {
    throw new NbreviveError(
      'file-not-found',
      `no Dockerfile in ${contextDir}: point --context at the folder that holds it`,
    );
  }
  const src = fs
    .readdirSync(contextDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(contextDir, path.join(e.parentPath, e.name)));
  let imageId: string | null = null;
  let partial = '';
  try {
    const stream = await connection.docker.buildImage(
      { context: contextDir, src },
      { t: tag, buildargs: options.buildArgs, rm: true, forcerm: true, abortSignal: options.signal },
    );
    await followStream(connection, stream, (event) => {
      if (event.aux?.ID) imageId = event.aux.ID;
      const text = event.stream ?? (event.status ? `${event.status}${event.id ? ` ${event.id}` : ''}\n` : '');
      partial += text;
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) onLog?.(line);
    });
  } catch (error) {
    throw registryError('build', tag, error, connection);
  }
  if (partial.trim()) onLog?.(partial);
  return imageId ?? (await connection.docker.getImage(tag).inspect()).Id;
}

/** followProgress that rejects on an `{error}` line in the stream (the engine reports failures that way). */
function followStream(
  connection: EngineConnection,
  stream: NodeJS.ReadableStream,
  onEvent: (event: ProgressEvent) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: Error | null = null;
    connection.docker.modem.followProgress(
      stream,
      (error: Error | null) => {
        if (error ?? failure) reject(error ?? failure);
        else resolve();
      },
      (event: ProgressEvent) => {
        if (event.error) failure ??= new Error(event.errorDetail?.message ?? event.error);
        else onEvent(event);
      },
    );
  });
}

/** What the engine says when the registry is out of reach (its network, proxy or DNS). */
const UNREACHABLE_REGISTRY = new RegExp(
  'dial tcp|lookup |no such host|i/o timeout|connection refused|network is unreachable|TLS handshake|' +
    'Client\\.Timeout|temporary failure in name resolution',
  'i',
);

/** What the registry says of an image that does not exist or needs a login. */
const DENIED_IMAGE =
  /denied|unauthorized|authentication required|not found: manifest unknown|manifest unknown|repository does not exist/i;

/** Pull and build fail mostly because the registry cannot be reached: say so, and what to do instead. */
function registryError(
  what: 'pull' | 'build',
  image: string,
  error: unknown,
  connection: EngineConnection,
): NbreviveError {
  if (error instanceof NbreviveError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ENOENT' || code === 'ECONNREFUSED' || code === 'EACCES') return engineError(error, connection.address);
  if ((error as { name?: string } | null)?.name === 'AbortError')
    return new NbreviveError('cancelled', `${what} of ${image} cancelled`);
  const detail = dockerMessage(error).trim();
  const unreachable = UNREACHABLE_REGISTRY.test(detail);
  const denied = DENIED_IMAGE.test(detail);
  const hint = unreachable
    ? "the Docker engine cannot reach the registry: check the machine's network or proxy " +
      '(the engine, not nbrevive, downloads), ' +
      (what === 'pull'
        ? 'or use an image that is already local (`nbrevive images`)'
        : 'or build from a base image that is already local (build argument BASE_IMAGE)')
    : denied
      ? 'the image does not exist or needs a login: check the name, or run `docker login` for that registry'
      : "see the engine's message above";
  const verb = what === 'pull' ? `could not pull ${image}` : `could not build ${image}`;
  const kind = what === 'pull' ? 'image-missing' : 'runtime-unavailable';
  return new NbreviveError(kind, `${verb}: ${detail} — ${hint}`, { image });
}
