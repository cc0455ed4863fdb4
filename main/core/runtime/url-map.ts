// The URLs a run serves from local copies inside the kernel (resources/python/nbrevive_urls.py): the case's
// data.urls and the user's URL map (the `urlMap` job setting: Settings, or `--url-map FILE`). This file reads a
// URL map file, merges the two maps and writes what the kernel reads. Runtime-agnostic: the Docker runtime passes
// the kernel-visible paths of its read-only mounts.
import fs from 'node:fs';
import path from 'node:path';
import { NbreviveError } from '../../../shared/lib/errors';

/** The file the kernel reads (nbrevive_kernel.py --nbrevive-url-map): what nbrevive_urls.install() expects. */
export interface KernelUrlMap {
  /** false: unmapped URLs fail at once with a message naming them (Docker without --network) */
  network: boolean;
  /** URL → path of the local copy as the kernel sees it */
  urls: Record<string, string>;
}

export interface ServedUrl {
  url: string;
  /** the local copy on this machine */
  hostPath: string;
  /** the same file as the kernel sees it */
  kernelPath: string;
  /** where the mapping came from, for error messages */
  source: 'case' | 'user';
}

const URL_SCHEME = /^(https?|ftp):\/\/[^\s/]+/i;

/**
 * Reads a URL map file: a JSON object {url: localPath}. Relative paths are resolved against the file's folder, so
 * a map kept beside its copies works from any working directory. Errors say what to fix.
 */
export function readUrlMapFile(file: string): Record<string, string> {
  const where = path.resolve(file);
  let text: string;
  try {
    text = fs.readFileSync(where, 'utf8');
  } catch (e) {
    throw new NbreviveError(
      'file-not-found',
      `--url-map ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): ` +
        `give the path of a JSON file {"https://…": "local/copy.csv"}`,
      { file: where },
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new NbreviveError(
      'not-json',
      `--url-map ${file} is not JSON (${(e as Error).message}): write an object {"https://…": "local/copy.csv"}`,
      { file: where },
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new NbreviveError(
      'invalid-request',
      `--url-map ${file} must hold one JSON object {"https://…": "local/copy.csv"}`,
      { file: where },
    );
  }
  const map: Record<string, string> = {};
  for (const [url, local] of Object.entries(parsed as Record<string, unknown>)) {
    if (!URL_SCHEME.test(url))
      throw new NbreviveError('invalid-request', `--url-map ${file}: "${url}" is not an http(s) or ftp URL`, {
        file: where,
        url,
      });
    if (typeof local !== 'string' || local.trim() === '') {
      throw new NbreviveError(
        'invalid-request',
        `--url-map ${file}: the local copy of ${url} must be a file path (a non-empty string)`,
        { file: where, url },
      );
    }
    map[url] = path.resolve(path.dirname(where), local);
  }
  return map;
}

/** The comparison key of a URL, like nbrevive_urls.url_key (scheme and host case-insensitive, no trailing slash). */
export function urlKey(url: string): string {
  try {
    const u = new URL(url.trim());
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  } catch {
    return url.trim();
  }
}

/** Checks that a mapped copy exists and is a file; the error names the map it came from and what to do. */
export function requireUrlCopy(url: string, file: string, source: ServedUrl['source']): void {
  let stat: fs.Stats | null = null;
  try {
    stat = fs.statSync(file);
  } catch {
    stat = null;
  }
  if (stat?.isFile()) return;
  const map =
    source === 'case' ? 'data.urls in nbrevive.case.json' : 'the URL map (--url-map FILE or Settings → URL map)';
  const what = stat ? 'which is not a file' : 'which does not exist';
  throw new NbreviveError(
    'data-missing',
    `${map} maps ${url} to ${file}, ${what}: put the downloaded file there or fix the map`,
    { url, file },
  );
}

/** The user's map entries that the case does not map itself (a case's own data.urls win). */
export function userUrlsNotInCase(
  caseUrls: Record<string, string>,
  userUrls: Record<string, string>,
): Array<[string, string]> {
  const taken = new Set(Object.keys(caseUrls).map(urlKey));
  return Object.entries(userUrls).filter(([url]) => !taken.has(urlKey(url)));
}

export function kernelUrlMap(served: readonly ServedUrl[], network: boolean): KernelUrlMap {
  const urls: Record<string, string> = {};
  for (const s of served) urls[s.url] ??= s.kernelPath.replace(/\\/g, '/');
  return { network, urls };
}

export function writeKernelUrlMap(file: string, map: KernelUrlMap): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(map));
}
