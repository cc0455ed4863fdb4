// matplotlib.annotate-text — ax.annotate(s='peak', xy=(1, 2)) → ax.annotate(text='peak', xy=(1, 2))
//
// Why it broke: matplotlib 3.5 (2021-11-15), deprecated since 3.3: annotate()'s first parameter s was renamed text
// (Axes.annotate, pyplot.annotate and the Annotation class), and 3.5 removed the old keyword, so annotate(s='…', …)
// raises "TypeError: Axes.annotate() missing 1 required positional argument: 'text'".
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.3.0.html#annotate-s-renamed-text
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.5.0.html#removals
// Example:
//     ax.annotate(s='peak', xy=(1, 2), xytext=(2, 3))
//     plt.annotate(s=label, xy=point)
//   →
//     ax.annotate(text='peak', xy=(1, 2), xytext=(2, 3))
//     plt.annotate(text=label, xy=point)
// Fix safety: Same figure: the keyword was renamed, its meaning (the annotation's text) kept.
// Left alone: annotate calls that give the text positionally or as text=, and other calls with an s= keyword
// (scatter's marker size), and an annotate() the notebook defines itself.
import { defineRule } from '../../rule';
import { type SourceEdit } from '../../source-edit';
import { keywordArgument, methodName, renameKeyword } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { notebookDefines } from '../python2/_shared';
import { mpl } from './_shared';

export const annotateText = defineRule({
  id: 'matplotlib.annotate-text',
  title: "ax.annotate(s='peak', xy=(1, 2)) → ax.annotate(text='peak', xy=(1, 2))",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.5', '2021-11-15'),
  deprecatedIn: '3.3',
  explanation:
    "annotate()'s text parameter was called s until matplotlib 3.3 renamed it text; 3.5 removed s, so " +
    "annotate(s='…', xy=…) misses its required text. The keyword s of annotate (and Annotation) becomes text.",
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /annotate\(\) missing 1 required positional argument: 'text'/ },
      { ename: 'TypeError', evalue: /Annotation\.__init__\(\) missing 1 required positional argument: 'text'/ },
    ],
    pattern: true,
  },
  needles: ['annotate', 'Annotation'],
  prepare(notebook) {
    return notebookDefines(notebook, ['annotate', 'Annotation']);
  },
  apply(parsed, ctx) {
    const own = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function') as Node;
      const name = methodName(call, parsed) ?? parsed.text(fn);
      if (name !== 'annotate' && name !== 'Annotation') continue;
      // a bare annotate(…) / Annotation(…) of the notebook's own (def annotate(s, xy)) is not matplotlib's
      if (fn.type === 'identifier' && own.has(name) && !ctx.imports.refersTo(fn, parsed, 'matplotlib', [name]))
        continue;
      const kw = keywordArgument(call, 's', parsed);
      if (!kw || keywordArgument(call, 'text', parsed)) continue;
      const edit = renameKeyword(kw, 'text');
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
