// python2.implicit-relative-import — Python 2 package with implicit relative imports (No module named '<sibling>')
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     import numpy as np
//   →
//     import numpy as np
//     import sys; sys.path.insert(0, 'KaggleAux')  # Python 2 package: its modules import each other without the pac …
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { PY3 } from './_shared';

const SYS_PATH_COMMENT = '# Python 2 package: its modules import each other without the package prefix';

export const implicitRelativeImport = defineRule({
  id: 'python2.implicit-relative-import',
  title: "Python 2 package with implicit relative imports (No module named '<sibling>')",
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'A helper package written for Python 2 imports its own modules as `import predict` instead of `from . ' +
    "import predict`; Python 3 looks for a top-level module and fails. The rule puts the package's folder on " +
    "sys.path before the notebook imports it, so those imports resolve; the helper's files are not changed.",
  trigger: {
    errors: [
      { ename: 'ModuleNotFoundError', evalue: /No module named '[\w.]+'/ },
      { ename: 'ImportError', evalue: /No module named / },
    ],
  },
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const error of ctx.errors) {
      const missing = /No module named '?([\w.]+)'?/.exec(error.evalue)?.[1]?.split('.')[0];
      if (!missing) continue;
      const frames = error.traceback.join('\n').replace(/\u001b\[[0-9;]*m/g, '');
      // the frame that failed is a package's __init__.py (or a module inside a package folder)
      let initFile = [...frames.matchAll(/File\s+"?([^\s":]+?)\/__init__\.py/g)].map((m) => m[1] as string).at(-1);
      // no traceback: a package folder the case provides that holds the missing module as a sibling
      initFile ??= Object.keys(ctx.case?.files ?? {})
        .filter((key) => key.endsWith(`/${missing}.py`))
        .map((key) => key.slice(0, -`/${missing}.py`.length))
        .find((dir) =>
          new RegExp(`^\\s*(from|import)\\s+${dir.split('/').pop() as string}\\b`, 'm').test(parsed.source),
        );
      if (!initFile) continue;
      const packageName = initFile.split('/').pop() as string;
      // the whole cell: the path goes in before the package's first import, wherever it is
      const imports = [...parsed.nodes('import_from_statement'), ...parsed.nodes('import_statement')].filter(
        (statement) => {
          const text = parsed.text(statement);
          return new RegExp(`^(from|import)\\s+${packageName}\\b`).test(text);
        },
      );
      const first = imports[0];
      if (!first) continue;
      // prefer the working-dir-relative folder the case provides; else the folder the traceback names
      const relative = Object.keys(ctx.case?.files ?? {}).find(
        (key) => key.endsWith(`${packageName}/${missing}.py`) || key.endsWith(`${packageName}/${missing}/__init__.py`),
      );
      const folder = relative
        ? relative.slice(0, relative.lastIndexOf(`${packageName}/`) + packageName.length)
        : initFile;
      const line = `import sys; sys.path.insert(0, ${JSON.stringify(folder).replace(/^"|"$/g, "'")})  ${SYS_PATH_COMMENT}`;
      if (parsed.source.includes(`sys.path.insert(0, '${folder}')`)) continue;
      const indent = parsed.source.slice(parsed.source.lastIndexOf('\n', first.startIndex - 1) + 1, first.startIndex);
      edits.push(insertAt(first.startIndex - indent.length, `${indent}${line}\n`));
    }
    return edits;
  },
});
