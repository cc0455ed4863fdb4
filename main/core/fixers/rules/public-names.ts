// Where a name is public in the libraries a notebook imports, asked of the runtime itself: a notebook that uses
// `neighbors.KNeighborsClassifier` or `CountVectorizer` without importing it (the import ran in a cell its author
// deleted) is repaired by python.missing-import with the import of the one public module that has that name, in
// the installed versions. The answer comes from a short Python program run in the job's interpreter (local or
// Docker): it imports each package and its public submodules and says, for each name asked, which modules list it
// (`__all__`, or a name defined in the package when a module has none) and which object it is there, so the same
// object re-exported along several paths is told from two different objects of one name. Asked once per set of
// names and packages, and cached by the interpreter and the package versions.
import type { CellError, EnvironmentDescription } from '../../../../shared/models/execution';
import type { Notebook } from '../../../../shared/models/notebook';
import type { Runtime } from '../../runtime/runtime';
import { loadPythonParser } from '../../python/python-parser';
import { ImportTable } from './imports';

/** One place a name is public: `from module import name` gives `object` (an identity, comparable within one answer). */
export interface PublicNameSource {
  module: string;
  object: string;
  /** the module's `__all__` lists the name (else: defined in the package, under its own name, or a submodule) */
  listed: boolean;
  /** the name is a submodule of `module` (`from sklearn import neighbors`) */
  submodule: boolean;
}

/** The runtime's answer: for each name asked, where the packages make it public. */
export interface PublicNames {
  /** the top-level packages searched (those that imported) */
  packages: string[];
  /** packages whose walk did not finish (time budget, a failing import of the package): no answer from them counts */
  incomplete: string[];
  names: Record<string, PublicNameSource[]>;
}

/** `name 'X' is not defined` (a NameError), or `free variable 'X' referenced before assignment …` is not one. */
export const NAME_NOT_DEFINED = /^name '([A-Za-z_]\w*)' is not defined/;

/** The names a run's errors say are not defined. */
export function undefinedNames(errors: readonly Pick<CellError, 'ename' | 'evalue'>[]): string[] {
  const names = new Set<string>();
  for (const error of errors) {
    const m = error.ename === 'NameError' ? NAME_NOT_DEFINED.exec(error.evalue) : null;
    if (m) names.add(m[1] as string);
  }
  return [...names];
}

/**
 * The program: imports each package (stdout silenced, warnings ignored, matplotlib on Agg), walks its public
 * submodules (no `_` segment, no tests, three levels deep) within a time budget, then looks each name up in every
 * module it imported; also which of a few standard-library modules (math, random, statistics …) have each name, so
 * that a name the deleted import may have taken from either (randint) is told apart. argv: packages (JSON list),
 * names (JSON list), budget seconds per package.
 */
export const PUBLIC_NAMES_SCRIPT = String.raw`
import contextlib, importlib, io, json, os, pkgutil, sys, time, types, warnings
os.environ.setdefault('MPLBACKEND', 'Agg')
warnings.simplefilter('ignore')
packages, names, budget = json.loads(sys.argv[1]), json.loads(sys.argv[2]), float(sys.argv[3])
SKIP = {'tests', 'test', 'testing', 'conftest', 'setup', 'benchmarks', 'experimental', 'externals', 'vendored',
        'compat', 'backends'}
found, searched, incomplete = {}, [], []
# standard-library modules whose functions and constants notebooks import bare (from random import randint)
STDLIB = ['math', 'cmath', 'random', 'statistics', 'itertools', 'functools', 'operator', 'collections', 'copy',
          'time', 'datetime', 'string', 're', 'os', 'os.path', 'glob', 'pickle', 'pprint', 'decimal', 'fractions']
def identity(obj):
    # a float constant is its value (numpy.pi is math.pi's number, another object)
    return 'float:' + repr(obj) if type(obj) is float else str(id(obj))
for top in packages:
    start = time.time()
    modules, complete = [], True
    def walk(path, depth):
        global complete
        if time.time() - start > budget:
            complete = False
            return
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                module = importlib.import_module(path)
        except BaseException:
            if path == top:
                complete = False
            return
        modules.append((path, module))
        if depth == 0 or not hasattr(module, '__path__'):
            return
        try:
            children = sorted(info.name for info in pkgutil.iter_modules(module.__path__))
        except BaseException:
            children = []
        for child in children:
            if not child.startswith('_') and child not in SKIP:
                walk(path + '.' + child, depth - 1)
    walk(top, 3)
    if not modules:
        continue
    searched.append(top)
    if not complete:
        incomplete.append(top)
    for path, module in modules:
        listed = getattr(module, '__all__', None)
        listed = set(listed) if isinstance(listed, (list, tuple)) else None
        for name in names:
            obj = module.__dict__.get(name, found)
            if obj is found:
                continue
            submodule = isinstance(obj, types.ModuleType)
            if submodule:
                ok = obj.__name__ == path + '.' + name
            elif listed is not None:
                ok = name in listed
            else:
                ok = getattr(obj, '__name__', None) == name and str(getattr(obj, '__module__', '')).split('.')[0] == top
            if ok:
                found.setdefault(name, []).append(
                    {'module': path, 'object': identity(obj), 'listed': bool(listed is not None and name in listed),
                     'submodule': submodule})
for path in STDLIB:
    try:
        module = importlib.import_module(path)
    except BaseException:
        continue
    for name in names:
        obj = module.__dict__.get(name, found)
        if obj is not found and not isinstance(obj, types.ModuleType):
            found.setdefault(name, []).append({'module': path, 'object': identity(obj), 'listed': True,
                                               'submodule': False})
print(json.dumps({'packages': searched, 'incomplete': incomplete, 'names': found}))
`;

/** A package's walk stops after this long (its names then count as unknown). */
const BUDGET_SECONDS = 40;

const cache = new Map<string, Promise<PublicNames | null>>();

/**
 * Asks the runtime where `names` are public in `packages`; null when it cannot say (no runtime, the program failed).
 * Cached by the interpreter, the package versions, the packages and the names.
 */
export function askPublicNames(
  runtime: Pick<Runtime, 'runPython'>,
  env: EnvironmentDescription,
  packages: readonly string[],
  names: readonly string[],
  cwd: string,
): Promise<PublicNames | null> {
  const sortedPackages = [...new Set(packages)].sort();
  const sortedNames = [...new Set(names)].sort();
  if (sortedPackages.length === 0 || sortedNames.length === 0)
    return Promise.resolve({ packages: [], incomplete: [], names: {} });
  const versions = Object.entries(env.packages)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, version]) => `${name}=${version}`)
    .join(',');
  const key = [env.runtime, env.pythonPath ?? '', env.image ?? '', env.python, versions, sortedPackages, sortedNames]
    .map(String)
    .join('|');
  let answer = cache.get(key);
  if (!answer) {
    const timeoutMs = (BUDGET_SECONDS * sortedPackages.length + 60) * 1000;
    // a runtime without the means to run a script (a test's fake) is no answer either
    answer = Promise.resolve()
      .then(() =>
        runtime.runPython(
          PUBLIC_NAMES_SCRIPT,
          [JSON.stringify(sortedPackages), JSON.stringify(sortedNames), String(BUDGET_SECONDS)],
          { cwd, timeoutMs },
        ),
      )
      .then((out) => parsePublicNames(out.trim().split('\n').pop() ?? ''))
      .catch(() => null);
    cache.set(key, answer);
  }
  return answer;
}

/** The program's JSON line, checked; null when it is not of that shape. */
export function parsePublicNames(line: string): PublicNames | null {
  try {
    const raw = JSON.parse(line) as PublicNames;
    if (!Array.isArray(raw.packages) || !Array.isArray(raw.incomplete) || typeof raw.names !== 'object') return null;
    return raw;
  } catch {
    return null;
  }
}

/**
 * Top-level modules of Python's standard library (and IPython's): not searched, and a name that is one of them is no
 * library's name (`random` is the standard library's module, not numpy.random).
 */
export const STDLIB_HEADS = new Set(
  (
    'abc argparse array ast asyncio base64 bisect builtins calendar collections concurrent contextlib copy csv ' +
    'ctypes dataclasses datetime decimal difflib email enum errno fnmatch fractions functools gc getpass glob gzip ' +
    'hashlib heapq hmac html http importlib inspect io ipaddress itertools json logging lzma math mimetypes ' +
    'multiprocessing numbers operator os pathlib pickle pkgutil platform pprint queue random re sched secrets ' +
    'select shelve shlex shutil signal socket sqlite3 ssl stat statistics string struct subprocess sys tarfile ' +
    'tempfile textwrap threading time timeit tkinter token tokenize traceback types typing unicodedata unittest ' +
    'urllib uuid warnings weakref xml zipfile zlib __future__ IPython ipywidgets'
  ).split(' '),
);

/** The third-party top-level packages a notebook imports from (its import statements, every cell). */
export async function importedPackages(notebook: Notebook): Promise<string[]> {
  const parser = await loadPythonParser();
  const heads = new Set<string>();
  for (const cell of notebook.cells) {
    if (cell.cell_type !== 'code') continue;
    const source = Array.isArray(cell.source) ? cell.source.join('') : cell.source;
    if (!source.includes('import')) continue;
    const parsed = parser.parse(source);
    try {
      for (const module of ImportTable.fromCells([parsed]).modules) {
        const head = module.split('.')[0] as string;
        if (/^[A-Za-z_]\w*$/.test(head) && !STDLIB_HEADS.has(head)) heads.add(head);
      }
    } finally {
      parsed.delete();
    }
  }
  return [...heads].sort();
}
