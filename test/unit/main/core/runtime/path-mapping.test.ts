import { describe, expect, it } from 'vitest';
import {
  kaggleMappings,
  restoreSources,
  rewriteNotebookPaths,
  rewriteSource,
  type PathMapping,
} from '../../../../../main/core/runtime/path-mapping';
import { notebookOfCells } from '../../../../helpers/notebooks';

const kaggle = kaggleMappings({ input: '/jobs/7/input', working: '/jobs/7/working' });

describe('rewriteSource', () => {
  it('maps /kaggle/input and /kaggle/working literals, with and without a trailing path', () => {
    expect(rewriteSource("pd.read_csv('/kaggle/input/train.csv')", kaggle)).toBe(
      "pd.read_csv('/jobs/7/input/train.csv')",
    );
    expect(rewriteSource('os.listdir("/kaggle/input")', kaggle)).toBe('os.listdir("/jobs/7/input")');
    expect(rewriteSource("f'/kaggle/working/{name}.csv'", kaggle)).toBe("f'/jobs/7/working/{name}.csv'");
    expect(rewriteSource('!ls /kaggle/input', kaggle)).toBe('!ls /jobs/7/input');
  });

  it('leaves longer paths and words alone', () => {
    for (const text of ["'/data/kaggle/input/x'", "'/kaggle/inputs/x'", "'/kaggle/input_v2'", "'my/kaggle/input'"]) {
      expect(rewriteSource(text, kaggle)).toBe(text);
    }
  });

  it('maps whole URLs and single files exactly, more specific mappings first', () => {
    const mappings: PathMapping[] = [
      ...kaggle,
      { from: 'https://example.org/a.csv', to: '/jobs/7/input/a.csv', match: 'exact' },
      { from: '/kaggle/input/special.csv', to: '/jobs/7/extra/special.csv', match: 'exact' },
    ];
    expect(rewriteSource("pd.read_csv('https://example.org/a.csv')", mappings)).toBe(
      "pd.read_csv('/jobs/7/input/a.csv')",
    );
    expect(rewriteSource("url = 'https://example.org/a.csv?raw=true'", mappings)).toBe(
      "url = 'https://example.org/a.csv?raw=true'",
    );
    expect(rewriteSource("open('/kaggle/input/special.csv')", mappings)).toBe("open('/jobs/7/extra/special.csv')");
    expect(rewriteSource("open('/kaggle/input/other.csv')", mappings)).toBe("open('/jobs/7/input/other.csv')");
  });

  it('writes Windows targets with forward slashes so they stay valid inside Python strings', () => {
    expect(
      rewriteSource(
        "'/kaggle/input/t.csv'",
        kaggleMappings({ input: 'C:\\jobs\\input', working: 'C:\\jobs\\working' }),
      ),
    ).toBe("'C:/jobs/input/t.csv'");
  });
});

describe('rewriteNotebookPaths and restoreSources', () => {
  const notebook = notebookOfCells([
    { cell_type: 'markdown', id: 'm', metadata: {}, source: 'Data lives in /kaggle/input' },
    {
      cell_type: 'code',
      id: 'a',
      metadata: {},
      outputs: [],
      execution_count: null,
      source: ['import pandas as pd\n', "df = pd.read_csv('/kaggle/input/train.csv')\n", 'df.head()'],
    },
    { cell_type: 'code', id: 'b', metadata: {}, outputs: [], execution_count: null, source: 'print(1)' },
  ]);

  it('rewrites only code cells, keeps the line-list shape, and does not touch the original', () => {
    const { notebook: out, changedCells } = rewriteNotebookPaths(notebook, kaggle);
    expect(changedCells).toEqual([1]);
    expect(out.cells[0]?.source).toBe('Data lives in /kaggle/input');
    expect(out.cells[1]?.source).toEqual([
      'import pandas as pd\n',
      "df = pd.read_csv('/jobs/7/input/train.csv')\n",
      'df.head()',
    ]);
    expect(out.cells[2]).toBe(notebook.cells[2]);
    expect(notebook.cells[1]?.source).toContain("df = pd.read_csv('/kaggle/input/train.csv')\n");
  });

  it('puts the author sources back into the executed notebook', () => {
    const { notebook: ran } = rewriteNotebookPaths(notebook, kaggle);
    const executed = {
      ...ran,
      cells: ran.cells.map((c) => ({ ...c, source: Array.isArray(c.source) ? c.source.join('') : c.source })),
    };
    const restored = restoreSources(executed, notebook);
    expect(restored.cells.map((c) => c.source)).toEqual(notebook.cells.map((c) => c.source));
  });
});
