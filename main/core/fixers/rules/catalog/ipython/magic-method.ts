// ipython.magic-method — get_ipython().magic('matplotlib inline') → get_ipython().run_line_magic('matplotlib',
// 'inline')
//
// Why it broke: IPython 8.0 (2022-01-12) removed InteractiveShell.magic(), deprecated since IPython 0.13 in favour
// of run_line_magic(name, line); notebooks exported to scripts and back, and 2015–2017 kernels, still call it.
// Changelog: https://ipython.readthedocs.io/en/stable/whatsnew/version8.html
// Example:
//     get_ipython().magic('matplotlib inline')
//     get_ipython().magic(u'%load_ext autoreload')
//   →
//     get_ipython().run_line_magic('matplotlib', 'inline')
//     get_ipython().run_line_magic('load_ext', 'autoreload')
// Fix safety: Same result: magic('name rest') split the string into the magic's name (without its %) and the rest of
// the line and called run_line_magic with them, which is what the rewrite does.
// Left alone: magic(…) with a computed string (split at run time, not here), cell magics (%%).
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { callArguments, methodName, methodReceiver, stringContent } from '../../syntax';

/** A Python string literal of the text (which holds no quote or backslash), with single quotes. */
function quoted(text: string): string {
  return `'${text}'`;
}

export const magicMethod = defineRule({
  id: 'ipython.magic-method',
  title: "get_ipython().magic('matplotlib inline') → get_ipython().run_line_magic('matplotlib', 'inline')",
  kind: 'error-repair',
  library: 'IPython',
  since: { package: 'ipython', version: '8.0' },
  deprecatedIn: '0.13',
  explanation:
    'IPython 8 removed InteractiveShell.magic() (deprecated since 0.13: "use ' +
    "run_line_magic(magic_name, parameter_s)\"). magic('name rest') called " +
    "run_line_magic('name', 'rest'); the literal is split the same way here.",
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /'\w*(InteractiveShell|Shell)' object has no attribute 'magic'/ }],
  },
  needles: ['.magic('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'magic') continue;
      const receiver = methodReceiver(call);
      if (!receiver || !/get_ipython\(\)$|^ip$|^ipython$|^shell$/.test(parsed.text(receiver))) continue;
      const args = callArguments(call);
      const literal = args.length === 1 ? stringContent(args[0] as Node, parsed) : null;
      if (literal === null || /^\s*%%/.test(literal) || /[\\'"\n]/.test(literal)) continue;
      const line = literal.trim().replace(/^%/, '');
      const space = line.search(/\s/);
      const [name, rest] = space === -1 ? [line, ''] : [line.slice(0, space), line.slice(space + 1).trim()];
      if (!/^\w+$/.test(name)) continue;
      edits.push(replaceNode(call, `${parsed.text(receiver)}.run_line_magic(${quoted(name)}, ${quoted(rest)})`));
    }
    return edits;
  },
});
