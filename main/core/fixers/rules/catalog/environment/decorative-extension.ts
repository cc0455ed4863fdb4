// environment.decorative-extension — %load_ext watermark / autotime / nb_black … and their magics, commented out when
// the package is missing
//
// Why it broke: IPython is not installed in the environment the notebook runs in, and the lines that only decorate
// with it fail.
// Example:
//     %load_ext nb_black
//   →
//     # %load_ext nb_black  # nbrevive: nb_black is not installed here; it only reformats the cells
// Fix safety: Same computed results: the extension only printed versions or timings, reformatted cells or notified
// the browser; that decoration is gone.
// Left alone: not without the error: the package may be installed; not for an extension that computes (Cython).
import { defineRule, type NotebookView } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { commentOut } from './_shared';

// ---------- IPython extensions that only decorate

interface Extension {
  /** line or cell magics it provides (without %) */
  magics: readonly string[];
  /** what it adds to a notebook, for the note */
  does: string;
}

const EXTENSIONS: Record<string, Extension> = {
  watermark: { magics: ['watermark'], does: 'prints versions, dates and the machine it ran on' },
  version_information: { magics: ['version_information'], does: 'prints the versions of the packages' },
  autotime: { magics: [], does: 'prints the time each cell took' },
  nb_black: { magics: [], does: 'reformats the cells' },
  lab_black: { magics: [], does: 'reformats the cells' },
  jupyter_black: { magics: [], does: 'reformats the cells' },
  jupyternotify: { magics: ['notify', 'autonotify'], does: 'sends a browser notification when a cell finishes' },
};

const EXTENSION_NAMES = Object.keys(EXTENSIONS).join('|');

const MISSING_EXTENSION = new RegExp(`^No module named '(${EXTENSION_NAMES})'`);

const EXTENSION_MAGICS = Object.entries(EXTENSIONS).flatMap(([name, ext]) =>
  ext.magics.map((magic) => [magic, name] as const),
);

const EXTENSION_NEEDLE = new RegExp(
  `%(?:re)?load_ext\\s|%%?(?:${EXTENSION_MAGICS.map(([magic]) => magic).join('|')})\\b`,
);

/** an extension this rule disabled before: its magics cannot work either */
const DISABLED_EXTENSION = new RegExp(`^[ \\t]*# %(?:re)?load_ext\\s+(${EXTENSION_NAMES})\\s+# nbrevive:`, 'gm');

function extensionNote(name: string): string {
  return `# nbrevive: ${name} is not installed here; it only ${(EXTENSIONS[name] as Extension).does}`;
}

export const decorativeExtension = defineRule({
  id: 'environment.decorative-extension',
  title: '%load_ext watermark / autotime / nb_black … and their magics, commented out when the package is missing',
  kind: 'environment',
  library: 'IPython',
  since: { package: 'python', version: '3.0' },
  explanation:
    'IPython extensions such as watermark, version_information, autotime, nb_black/lab_black/jupyter_black ' +
    'and jupyternotify only print versions or timings, reformat cells or notify the browser; none ' +
    'of them computes anything the notebook reports. Where the package is not installed, `%load_ext` ' +
    "raises ModuleNotFoundError and stops the cell, so the `%load_ext` line and the extension's own " +
    'magics are commented out with a note (a `%%notify` cell runs its body as plain Python again).',
  trigger: { errors: [{ ename: 'ModuleNotFoundError', evalue: MISSING_EXTENSION }], pattern: true },
  errorScope: 'cell',
  needles: [EXTENSION_NEEDLE],
  prepare(notebook: NotebookView): Set<string> {
    const disabled = new Set<string>();
    for (const cellIndex of notebook.codeCells) {
      const source = notebook.source(cellIndex);
      if (!source.includes('# nbrevive:')) continue;
      for (const m of source.matchAll(DISABLED_EXTENSION)) disabled.add(m[1] as string);
    }
    return disabled;
  },
  apply(parsed, ctx) {
    const missing = new Set(ctx.state as Set<string>);
    for (const error of ctx.errors) {
      const name = MISSING_EXTENSION.exec(error.evalue)?.[1];
      if (name) missing.add(name);
    }
    if (missing.size === 0) return [];
    const edits: SourceEdit[] = [];
    for (const region of parsed.regions) {
      if (region.kind !== 'line-magic' && region.kind !== 'cell-magic') continue;
      const text = parsed.source.slice(region.start, region.end);
      const firstLine = text.split('\n')[0] as string;
      // a line magic continued by a backslash is not a single line to disable
      if (region.kind === 'line-magic' && text.includes('\n')) continue;
      let owner: string | undefined;
      const load = /^%(?:re)?load_ext\s+(\w+)\s*$/.exec(firstLine);
      if (load && region.kind === 'line-magic') owner = load[1];
      else {
        const magic = /^%%?(\w+)/.exec(firstLine)?.[1];
        owner = EXTENSION_MAGICS.find(([name]) => name === magic)?.[1];
      }
      if (!owner || !missing.has(owner)) continue;
      // a cell magic's region covers the whole cell, where no edit may go: the note goes on a line above it
      if (region.kind === 'cell-magic') {
        edits.push(insertAt(region.start, `${extensionNote(owner)}\n# `));
        continue;
      }
      const commented = commentOut(parsed.source, region.start, region.start + firstLine.length, extensionNote(owner));
      if (commented) edits.push(...commented);
    }
    return edits;
  },
});
