// environment.diagram-uses in today's stack (no pydot there): once the import is guarded, a cell that renders a tree
// with pydot, writes it to a PNG and shows that file by name fails, first on pydot = None, then (the drawing commented
// out) on the missing file; the rewrite comments out the display of the file too and the cell prints its score. And
// environment.diagram-imports splits `import pydot, io as StringIO`, so the other module is still imported.
import { expect } from 'vitest';
import { cellError, fix, TODAY_ENVIRONMENT } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("a pydot picture shown by file name in today's stack", (run) => {
  itToday(
    'environment.diagram-uses: Image(filename=…) of the PNG the commented drawing wrote is commented out too',
    async () => {
      const before = py`
        try:
            import pydot
        except ImportError:  # nbrevive: pydot is not installed here; it only draws diagrams
            pydot = None
        from io import StringIO
        dot_data = StringIO()
        dot_data.write('digraph Tree { 0 -> 1 ; 0 -> 2 }')
        accuracy = 144 / 150
        graph = pydot.graph_from_dot_data(dot_data.getvalue())
        graph.write_png('j-diagram-uses-tree.png')
        from IPython.core.display import Image
        Image(filename='j-diagram-uses-tree.png')
        print(round(accuracy, 4))
      `;
      expect(run(before).out).toMatch(/AttributeError: 'NoneType' object has no attribute 'graph_from_dot_data'/);
      const error = cellError(0, 'AttributeError', "'NoneType' object has no attribute 'graph_from_dot_data'");
      const after = await fix(before, ['environment.diagram-uses'], { ...TODAY_ENVIRONMENT, errors: [error] });
      expect(after).toContain("# Image(filename='j-diagram-uses-tree.png')  # nbrevive:");
      // without the display commented out, the file the drawing no longer writes is missing
      const drawingOnly = after.replace(/# (Image\(filename=.*\)) {2}# nbrevive:.*/, '$1');
      expect(run(drawingOnly).out).toMatch(/FileNotFoundError|No such file or directory/);
      expect(run(after)).toEqual({ ok: true, out: '0.96' });
    },
  );

  itToday(
    'environment.diagram-imports: import pydot, io as StringIO → pydot guarded, io imported on its own line',
    async () => {
      const before = py`
        import pydot, io as StringIO
        buffer = StringIO.StringIO()
        buffer.write('digraph Tree { 0 -> 1 }')
        print(len(buffer.getvalue()))
      `;
      expect(run(before).out).toMatch(/ModuleNotFoundError: No module named 'pydot'/);
      const error = cellError(0, 'ModuleNotFoundError', "No module named 'pydot'");
      const after = await fix(before, ['environment.diagram-imports'], { ...TODAY_ENVIRONMENT, errors: [error] });
      expect(after).toContain('    pydot = None\nimport io as StringIO\n');
      expect(run(after)).toEqual({ ok: true, out: '23' });
    },
  );
});
