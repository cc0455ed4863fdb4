// Version and date comparison for gating rules on the running environment (PEP 440-ish: numeric release
// segments compared numerically; a pre-release such as 1.0rc1 sorts before 1.0) and on a notebook's date.

/** Numeric release segments of a version string: '1.24.2' → [1, 24, 2]; pre-release tags lower the last one. */
function parseVersion(version: string): { release: number[]; pre: boolean } {
  const match = /^\s*v?(\d+(?:\.\d+)*)(.*)$/i.exec(version);
  if (!match) return { release: [], pre: false };
  const release = (match[1] ?? '').split('.').map((part) => Number(part));
  const rest = (match[2] ?? '').toLowerCase();
  const pre = /^[-_.]?(a|b|c|rc|alpha|beta|pre|preview|dev)\d*/.test(rest);
  return { release, pre };
}

/** Negative when a < b, 0 when equal, positive when a > b. Missing segments count as 0 ('1.2' == '1.2.0'). */
export function compareVersions(a: string, b: string): number {
  const va = parseVersion(a);
  const vb = parseVersion(b);
  const length = Math.max(va.release.length, vb.release.length);
  for (let i = 0; i < length; i++) {
    const diff = (va.release[i] ?? 0) - (vb.release[i] ?? 0);
    if (diff !== 0) return diff;
  }
  if (va.pre !== vb.pre) return va.pre ? -1 : 1;
  return 0;
}

export function isValidVersion(version: string): boolean {
  return parseVersion(version).release.length > 0;
}

/**
 * Compares a notebook date (YYYY, YYYY-MM or YYYY-MM-DD) with a full date. A partial date counts as its first
 * day: a notebook from "2019" predates a change released in 2019-12.
 */
export function isBeforeDate(created: string, date: string): boolean {
  const normalize = (d: string): string => {
    const [y = '0000', m = '01', day = '01'] = d.split('-');
    return `${y.padStart(4, '0')}-${m.padStart(2, '0')}-${day.padStart(2, '0')}`;
  };
  return normalize(created) < normalize(date);
}
