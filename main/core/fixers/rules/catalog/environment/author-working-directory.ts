// environment.author-working-directory — os.chdir('D:/Python/House-Prices') of the author's machine, commented out
//
// Why it broke: the notebook moves into a folder of the machine it was written on (an absolute path: a drive letter,
// /Users/…, /home/…), which does not exist where it runs now: "FileNotFoundError: [Errno 2] No such file or
// directory: 'D:/Python/House-Prices'". The files it then reads by relative paths are provided beside the notebook.
// Example:
//     os.chdir("D:/Python/House-Prices")
//   →
//     # os.chdir("D:/Python/House-Prices")  # nbrevive: the author's own folder, absent here; the notebook's files are read from its own folder
// Fix safety: Same computed results: the folder only located the notebook's data, which the run provides relative to
// the notebook's own folder, where the relative paths after the call now resolve.
// Left alone: not without the error naming that very path; relative paths (a folder of the notebook's own, e.g.
// os.chdir('data')), paths built by code, a call sharing its line with other code, and the only statement of a block.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { positionalArguments, stringContent } from '../../syntax';
import { commentOut } from './_shared';

const ABSOLUTE = /^(?:[A-Za-z]:[\\/]|\/|~)/;

export const authorWorkingDirectory = defineRule({
  id: 'environment.author-working-directory',
  title: "os.chdir('D:/Python/House-Prices') of the author's machine, commented out",
  kind: 'error-repair',
  library: 'Python',
  since: { package: 'python', version: '0.0' },
  explanation:
    "The notebook changes into a folder of its author's machine (an absolute " +
    'path) that does not exist here; the files it reads by relative paths are ' +
    'provided beside the notebook, so the os.chdir line is commented out with a note.',
  trigger: { errors: [{ ename: 'FileNotFoundError', evalue: /No such file or directory: '/ }] },
  needles: ['chdir'],
  apply(parsed, ctx) {
    const missing = new Set(
      ctx.errors.map((e) => /No such file or directory: '(.*)'$/.exec(e.evalue.trim())?.[1]).filter(Boolean),
    );
    const edits: SourceEdit[] = [];
    for (const { node: call } of ctx.calls({ module: 'os', names: ['chdir'] })) {
      const statement = call.parent;
      if (statement?.type !== 'expression_statement') continue;
      // the only statement of a block (an if/with/def body) cannot become a comment
      const block = statement.parent;
      if (block?.type === 'block' && block.namedChildren.filter((n) => n.type !== 'comment').length === 1) continue;
      const args = positionalArguments(call);
      const path = args.length === 1 ? stringContent(args[0] ?? null, parsed) : null;
      if (path === null || !ABSOLUTE.test(path) || !missing.has(path)) continue;
      const commented = commentOut(
        parsed.source,
        call.startIndex,
        call.endIndex,
        "# nbrevive: the author's own folder, absent here; the notebook's files are read from its own folder",
      );
      if (commented) edits.push(...commented);
    }
    return edits;
  },
});
