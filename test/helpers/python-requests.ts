// The `requests` library for the URL-serving tests: the stack's own where it is installed (CI and
// tools/today-stack.sh install it, as every Jupyter installation has it), else Debian's own packages of requests and
// its dependencies, unpacked into a folder a notebook puts on sys.path: bookworm's from apt's archive cache
// (python3-requests 2.28, urllib3 1.26), today's from Debian testing (requests 2.34, urllib3 2.x), fetched once with
// `apt-get download` inside today's root and cached. Where neither is available the requests checks are reported
// skipped with the reason.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const CACHE_DIR = process.env.NBREVIVE_CACHE_DIR ?? '/var/cache/nbrevive';
const TODAY_ROOT = path.join(CACHE_DIR, 'today-root');
const TODAY_DEBS = path.join(CACHE_DIR, 'today-debs');
const BOOKWORM_DEBS = '/var/cache/apt/archives';
const PACKAGES = [
  'python3-requests',
  'python3-urllib3',
  'python3-idna',
  'python3-certifi',
  'python3-charset-normalizer',
];

export type RequestsLib = { ok: true; sysPath: string | null; version: string } | { ok: false; reason: string };

function debsIn(dir: string, optional: string[] = []): string[] | null {
  let files: string[];
  try {
    files = fs.readdirSync(dir);
  } catch {
    return null;
  }
  const found: string[] = [];
  for (const pkg of [...PACKAGES, ...optional]) {
    const deb = files
      .filter((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'))
      .sort()
      .at(-1);
    if (deb) found.push(path.join(dir, deb));
    else if (!optional.includes(pkg)) return null;
  }
  return found;
}

function downloadTodayDebs(): string[] | null {
  if (!fs.existsSync(TODAY_ROOT)) return null;
  fs.mkdirSync(TODAY_DEBS, { recursive: true });
  spawnSync(
    'bwrap',
    [
      '--bind',
      TODAY_ROOT,
      '/',
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      '--bind',
      TODAY_DEBS,
      TODAY_DEBS,
      '--ro-bind',
      '/etc/resolv.conf',
      '/etc/resolv.conf',
      '--chdir',
      TODAY_DEBS,
      '--',
      'apt-get',
      'download',
      ...PACKAGES,
    ],
    { stdio: 'ignore', timeout: 180_000 },
  );
  return debsIn(TODAY_DEBS);
}

function importable(python: string, sysPath: string | null): string | null {
  const prelude = sysPath ? `import sys; sys.path.insert(0, ${JSON.stringify(sysPath)}); ` : '';
  const r = spawnSync(python, ['-c', `${prelude}import requests; print(requests.__version__)`], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** requests for `python` (installed, or unpacked from Debian's packages under `workDir`), or why there is none. */
export function requestsFor(python: string, stack: 'bookworm' | 'today', workDir: string): RequestsLib {
  const installed = importable(python, null);
  if (installed) return { ok: true, sysPath: null, version: installed };
  const debs =
    stack === 'bookworm'
      ? debsIn(BOOKWORM_DEBS, ['python3-chardet', 'python3-six'])
      : (debsIn(TODAY_DEBS) ?? downloadTodayDebs());
  if (!debs) {
    const where =
      stack === 'bookworm'
        ? `${BOOKWORM_DEBS} (apt-get download ${PACKAGES.join(' ')})`
        : `${TODAY_DEBS} (build today's stack with tools/today-stack.sh)`;
    return {
      ok: false,
      reason: `skipped: requests is not installed in the ${stack} stack and its Debian packages are not in ${where}`,
    };
  }
  const root = path.join(workDir, `requests-${stack}`);
  fs.mkdirSync(root, { recursive: true });
  for (const deb of debs) {
    const r = spawnSync('dpkg-deb', ['-x', deb, root], { stdio: 'ignore' });
    if (r.status !== 0) return { ok: false, reason: `skipped: dpkg-deb could not unpack ${deb}` };
  }
  const sysPath = path.join(root, 'usr/lib/python3/dist-packages');
  const version = importable(python, sysPath);
  if (!version) return { ok: false, reason: `skipped: requests unpacked from ${debs[0]} does not import in ${python}` };
  return { ok: true, sysPath, version };
}
