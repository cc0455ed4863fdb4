// Where each library's changelog lives: the mirrored repositories' release notes at HEAD (numpy, scipy, seaborn,
// statsmodels), Debian's doc packages for the repositories too large to mirror (scikit-learn, pandas, matplotlib),
// and NumPy 2's migration guide, whose removals are rst tables rather than sentences.
import fs from 'node:fs';
import path from 'node:path';
import type { ApiChange, ApiLibrary } from '../../main/core/fixers/api-changes/types';
import { type ChangelogFile, parseDate } from './entries';
import { git, gitFiles, remoteOf } from './git';
import { isPublicName, kindOf, shorten } from './heuristics';

function versionFromName(file: string): string | null {
  const m = /(\d+\.\d+(?:\.\d+)?)/.exec(path.basename(file));
  return m ? (m[1] as string) : null;
}

/** Changelog files of a mirrored repository at its HEAD. */
export function mirrorChangelogs(
  gitDir: string,
): { library: ApiLibrary; files: ChangelogFile[]; source: string } | null {
  const repo = remoteOf(gitDir);
  const head = git(gitDir, 'rev-parse', 'HEAD').trim();
  const layouts: Record<string, { library: ApiLibrary; dir: string; pattern: RegExp }[]> = {
    'numpy/numpy': [
      { library: 'numpy', dir: 'doc/source/release', pattern: /\/\d+\.\d+\.\d+-notes\.rst$/ },
      { library: 'numpy', dir: 'doc/source', pattern: /numpy_2_0_migration_guide\.rst$/ },
    ],
    'scipy/scipy': [{ library: 'scipy', dir: 'doc/source/release', pattern: /\/\d+\.\d+\.\d+-notes\.rst$/ }],
    'mwaskom/seaborn': [{ library: 'seaborn', dir: 'doc/whatsnew', pattern: /\/v\d+\.\d+\.\d+\.rst$/ }],
    'statsmodels/statsmodels': [
      { library: 'statsmodels', dir: 'docs/source/release', pattern: /\/version\d+\.\d+(\.\d+)?(-\d+)?\.rst$/ },
    ],
    'scikit-learn/scikit-learn': [{ library: 'scikit-learn', dir: 'doc/whats_new', pattern: /\/v\d+\.\d+\.rst$/ }],
    'pandas-dev/pandas': [{ library: 'pandas', dir: 'doc/source/whatsnew', pattern: /\/v\d+\.\d+\.\d+\.rst$/ }],
    'matplotlib/matplotlib': [{ library: 'matplotlib', dir: 'doc/api/prev_api_changes', pattern: /\.rst$/ }],
  };
  const layout = repo ? layouts[repo] : undefined;
  if (!repo || !layout) return null;
  const files: ChangelogFile[] = [];
  for (const { dir, pattern } of layout) {
    for (const repoPath of gitFiles(gitDir, head, dir, pattern)) {
      const version = repoPath.endsWith('numpy_2_0_migration_guide.rst') ? '2.0.0' : versionFromName(repoPath);
      if (!version) continue;
      const tag = tagDate(gitDir, version);
      files.push({
        repoPath,
        text: git(gitDir, 'show', `${head}:${repoPath}`),
        version,
        format: 'rst',
        date: tag,
        link: (line) => `https://github.com/${repo}/blob/${head}/${repoPath}#L${line}`,
      });
    }
  }
  return { library: layout[0]?.library as ApiLibrary, files, source: `github.com/${repo}@${head}` };
}

const tagDates = new Map<string, Map<string, string>>();
/** The date of the release tag for a version (v1.20.0, 1.20.0, v0.8.0), from the mirror's tags. */
function tagDate(gitDir: string, version: string): string | null {
  let dates = tagDates.get(gitDir);
  if (!dates) {
    dates = new Map();
    for (const line of git(gitDir, 'for-each-ref', '--format=%(refname:short) %(creatordate:short)', 'refs/tags').split(
      '\n',
    )) {
      const [tag, date] = line.split(' ');
      const v = tag ? /^v?(\d+\.\d+(?:\.\d+)?)$/.exec(tag) : null;
      if (v && date) dates.set(v[1] as string, date);
    }
    tagDates.set(gitDir, dates);
  }
  return dates.get(version) ?? dates.get(`${version}.0`) ?? dates.get(version.replace(/\.0$/, '')) ?? null;
}

/** Changelogs from Debian's doc packages: Sphinx keeps each page's rst under html/_sources. */
export function docChangelogs(docs: string): LibraryChangelogs[] {
  const packages = fs.existsSync(docs) ? fs.readdirSync(docs) : [];
  const pkg = (prefix: string): DocPackage | null => {
    const name = packages.find((p) => p.startsWith(prefix));
    if (!name) return null;
    const version = /_(?:\d+:)?(\d+\.\d+(?:\.\d+)?)/.exec(name)?.[1] ?? '';
    return { dir: path.join(docs, name), version };
  };
  const sklearn = pkg('python-sklearn-doc');
  const pandas = pkg('python-pandas-doc');
  const mpl = pkg('python-matplotlib-doc');
  return [
    ...(sklearn ? [sklearnChangelogs(sklearn)] : []),
    ...(pandas ? [pandasChangelogs(pandas)] : []),
    ...(mpl ? [matplotlibChangelogs(mpl)] : []),
  ];
}

/** An extracted doc package: its folder and the release it documents. */
interface DocPackage {
  dir: string;
  version: string;
}

type LibraryChangelogs = { library: ApiLibrary; files: ChangelogFile[]; source: string };

/** every file below the folder (none when it does not exist) */
function walk(dir: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    : [];
}

function sklearnChangelogs(sklearn: DocPackage): LibraryChangelogs {
  const src = path.join(sklearn.dir, 'usr/share/doc/python-sklearn-doc/html/_sources/whats_new');
  const files = walk(src)
    .filter((f) => /\/v\d+\.\d+\.rst\.txt$/.test(f))
    .map((f): ChangelogFile => {
      const repoPath = `doc/whats_new/${path.basename(f, '.txt')}`;
      return {
        repoPath,
        text: fs.readFileSync(f, 'utf8'),
        version: versionFromName(f) as string,
        format: 'rst',
        link: (line) => `https://github.com/scikit-learn/scikit-learn/blob/${sklearn.version}/${repoPath}#L${line}`,
      };
    });
  return {
    library: 'scikit-learn',
    files,
    source: `Debian python-sklearn-doc ${sklearn.version} (tag ${sklearn.version})`,
  };
}

function pandasChangelogs(pandas: DocPackage): LibraryChangelogs {
  const src = path.join(pandas.dir, 'usr/share/doc/python-pandas-doc/html/_sources/whatsnew');
  const files = walk(src)
    .filter((f) => /\/v\d+\.\d+\.\d+\.rst\.txt$/.test(f))
    .map((f): ChangelogFile => {
      const repoPath = `doc/source/whatsnew/${path.basename(f, '.txt')}`;
      const text = fs.readFileSync(f, 'utf8');
      return {
        repoPath,
        text,
        version: versionFromName(f) as string,
        format: 'rst',
        date: parseDate(text.slice(0, 400)),
        link: (line) => `https://github.com/pandas-dev/pandas/blob/v${pandas.version}/${repoPath}#L${line}`,
      };
    });
  return {
    library: 'pandas',
    files,
    source: `Debian python-pandas-doc ${pandas.version} (tag v${pandas.version})`,
  };
}

function matplotlibChangelogs(mpl: DocPackage): LibraryChangelogs {
  // the split pages (api_changes_3.5.0/removals.rst …) are included into one HTML page each, not kept in _sources
  const src = path.join(mpl.dir, 'usr/share/doc/python-matplotlib-doc/html/api/prev_api_changes');
  const files = walk(src)
    .filter((f) => /api_changes_\d+\.\d+\.\d+\.html$/.test(f))
    .map((f): ChangelogFile => {
      const page = path.basename(f);
      return {
        repoPath: `doc/api/prev_api_changes/${page.replace(/\.html$/, '.rst')}`,
        text: fs.readFileSync(f, 'utf8'),
        version: versionFromName(f) as string,
        format: 'html',
        link: () => `https://matplotlib.org/stable/api/prev_api_changes/${page}`,
      };
    });
  return {
    library: 'matplotlib',
    files,
    source: `Debian python-matplotlib-doc ${mpl.version} (HTML of doc/api/prev_api_changes at v${mpl.version})`,
  };
}

/**
 * NumPy 2's migration guide keeps its removals in rst simple tables ("removed member | migration guideline",
 * "expired member …"): one row per member, its replacement from "Use ``np.x`` instead" (not pure: the guide says
 * use, not renamed) or "It's still available as ``np.x``" / "Now it's available under ``np.x``" (pure: the same
 * object elsewhere).
 */
export function migrationTableRows(
  file: Pick<ChangelogFile, 'text' | 'version' | 'date' | 'link'>,
): Omit<ApiChange, 'library' | 'origin'>[] {
  const rows: Omit<ApiChange, 'library' | 'origin'>[] = [];
  const lines = file.text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const header = /^(removed|expired) member\s{2,}migration guideline/.exec(lines[i] as string);
    if (!header) continue;
    let j = i + 2; // past the header and its rule line
    while (j < lines.length && !/^=+\s+=+\s*$/.test(lines[j] as string)) {
      const m =
        /^([A-Za-z_][\w\\]*)\s{2,}(.*)$/.exec(lines[j] as string) ?? /^([A-Za-z_][\w\\]*)\s*$/.exec(lines[j] as string);
      if (!m) {
        j++;
        continue;
      }
      const line = j + 1;
      let guideline = (m[2] ?? '').trim();
      for (j++; j < lines.length && /^\s{10,}\S/.test(lines[j] as string); j++)
        guideline += ` ${(lines[j] as string).trim()}`;
      const name = (m[1] as string).replace(/\\/g, '');
      const old = `numpy.${name}`;
      const target =
        /(?:still available as|available under|^Use)\s+``(?:np\.|numpy\.)([\w.]+)``(?:\s+instead)?\.?$/i.exec(
          guideline,
        );
      const pure = /still available as|available under/i.test(guideline);
      const newName = target ? `numpy.${target[1]}` : null;
      if (!isPublicName(old)) continue;
      rows.push({
        version: file.version,
        date: file.date ?? null,
        kind: newName ? kindOf(old, newName) : 'removed',
        old,
        new: newName,
        pure: newName !== null && pure,
        note: shorten(`${header[1]} member ${name}: ${guideline}`),
        link: file.link(line),
        removedIn: file.version,
      });
    }
    i = j;
  }
  return rows;
}
