// environment.output-folder — plt.savefig('plots/ch2/fig.png') into a folder the repository did not ship: created first
//
// Why it broke: the notebook writes a figure or a table into a relative folder of its author's checkout (plots/,
// output/, images/) that is not part of the repository (git keeps no empty folder; output folders are often
// ignored), so the write fails where it runs now: matplotlib's "FileNotFoundError: [Errno 2] No such file or
// directory: 'plots/ch2/fig.png'", pandas' "OSError: Cannot save file into a non-existent directory: 'output'".
// Example:
//     plt.savefig('plots/ch2/B07887_02_22.png', format='png', dpi=300)
//     submission.to_csv('output/submission.csv', index=False)
//   →
//     os.makedirs('plots/ch2', exist_ok=True)
//     plt.savefig('plots/ch2/B07887_02_22.png', format='png', dpi=300)
//     os.makedirs('output', exist_ok=True)
//     submission.to_csv('output/submission.csv', index=False)
// Fix safety: Same computed results: the folder only receives what the notebook writes; nothing it computes or
// prints depends on it, and an existing folder is left as it is (exist_ok=True).
// Left alone: not without the error naming that folder; absolute paths and paths leaving the notebook's folder
// (`..`, the author's machine), paths built by code, reads (a missing input file is not an output folder).
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { callArguments, insertLineBefore, keywordName, methodName, stringContent } from '../../syntax';

/** Methods that write a file named by their first argument (or the keyword here), the folder of which must exist. */
const WRITERS: Record<string, string> = {
  savefig: 'fname',
  to_csv: 'path_or_buf',
  to_excel: 'excel_writer',
  to_pickle: 'path',
  to_json: 'path_or_buf',
  to_html: 'buf',
  to_parquet: 'path',
  to_feather: 'path',
  to_hdf: 'path_or_buf',
  to_latex: 'buf',
};

/** The folder of a relative path that stays inside the notebook's folder ('plots/ch2/x.png' → 'plots/ch2'), else null. */
function relativeFolder(path: string): string | null {
  const parts = path.replace(/^\.\//, '').split(/[\\/]/);
  if (parts.length < 2 || /^(?:[A-Za-z]:|~)?$/.test(parts[0] as string) || parts.includes('..')) return null;
  return parts.slice(0, -1).join('/');
}

export const outputFolder = defineRule({
  id: 'environment.output-folder',
  title: "plt.savefig('plots/ch2/fig.png') into a folder the repository did not ship: created first",
  kind: 'environment',
  library: 'Python',
  since: { package: 'python', version: '0.0' },
  explanation:
    "The notebook writes a figure or a table into a relative folder of its author's checkout (plots/, " +
    'output/, images/) that the repository does not contain, so the write fails with FileNotFoundError ' +
    '(matplotlib) or "Cannot save file into a non-existent directory" (pandas). The folder is created ' +
    'right before, with os.makedirs(folder, exist_ok=True); nothing the notebook computes depends on it.',
  trigger: {
    errors: [
      { ename: 'FileNotFoundError', evalue: /No such file or directory: '[^'/\\]+[/\\][^']*'/ },
      { ename: 'OSError', evalue: /Cannot save file into a non-existent directory: '/ },
    ],
  },
  needles: Object.keys(WRITERS).map((name) => `.${name}(`),
  apply(parsed, ctx) {
    // the folders the errors say are missing
    const missing = new Set<string>();
    for (const error of ctx.errors) {
      const file = /No such file or directory: '(.*)'$/.exec(error.evalue.trim())?.[1];
      const folder = file ? relativeFolder(file) : /non-existent directory: '(.*)'$/.exec(error.evalue.trim())?.[1];
      if (folder && relativeFolder(`${folder}/x`) === folder.replace(/^\.\//, '')) missing.add(folder);
    }
    const edits: SourceEdit[] = [];
    const done = new Set<string>();
    let os: { name: string; edits: SourceEdit[] } | null | undefined;
    for (const call of ctx.nodes('call')) {
      const method = methodName(call, parsed);
      if (!method || !Object.hasOwn(WRITERS, method)) continue;
      const args = callArguments(call);
      const target: Node | null | undefined =
        args[0] && args[0].type !== 'keyword_argument'
          ? args[0]
          : args
              .find((a) => a.type === 'keyword_argument' && keywordName(a, parsed) === WRITERS[method])
              ?.childForFieldName('value');
      const path = stringContent(target ?? null, parsed);
      const folder = path === null ? null : relativeFolder(path);
      if (!folder || done.has(folder) || !(missing.has(folder) || missing.has(`./${folder}`))) continue;
      // made already (a second application, or the notebook's own makedirs of that folder in this cell)
      if (
        parsed.source.includes(`makedirs(${JSON.stringify(folder)}`) ||
        parsed.source.includes(`makedirs('${folder}'`)
      )
        continue;
      if (os === undefined) {
        os = ctx.requireImport('os', 'os');
        if (os) edits.push(...os.edits);
      }
      if (!os) return [];
      edits.push(insertLineBefore(call, `${os.name}.makedirs(${JSON.stringify(folder)}, exist_ok=True)`, parsed));
      done.add(folder);
    }
    return edits;
  },
});
