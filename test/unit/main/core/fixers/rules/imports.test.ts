import { beforeAll, describe, expect, it } from 'vitest';
import { ImportTable, canonicalName } from '../../../../../../main/core/fixers/rules/imports';
import { loadPythonParser, type PythonParser } from '../../../../../../main/core/python/python-parser';

let parser: PythonParser;
beforeAll(async () => {
  parser = await loadPythonParser();
});

/** the qualified name of the callee of the last line's call */
function callee(source: string): string | null {
  const parsed = parser.parse(source);
  const table = ImportTable.fromCells([parsed]);
  const call = parsed.nodes('call').at(-1) ?? null;
  return table.resolve(call?.childForFieldName('function') ?? null, parsed);
}

describe('ImportTable: names pylab re-exports', () => {
  it('resolves plt, mpl and np imported from pylab or matplotlib.pylab as what they are', () => {
    expect(callee("from pylab import mpl, plt\nplt.style.use('seaborn')")).toBe('matplotlib.pyplot.style.use');
    expect(callee('from matplotlib.pylab import plt as p\np.hist(x)')).toBe('matplotlib.pyplot.hist');
    expect(callee('from pylab import np\nnp.zeros(3)')).toBe('numpy.zeros');
    expect(callee('import pylab\npylab.plt.figure()')).toBe('matplotlib.pyplot.figure');
    expect(callee('from pylab import mpl\nmpl.rcParams.update({})')).toBe('matplotlib.rcParams.update');
  });

  it('leaves other pylab names and look-alike modules as they are', () => {
    expect(callee('from pylab import hist\nhist(x)')).toBe('pylab.hist');
    expect(callee('from mypylab import plt\nplt.hist(x)')).toBe('mypylab.plt.hist');
    expect(callee('import pylab\npylab.plot(x)')).toBe('pylab.plot');
    expect(canonicalName('pylab.pltx')).toBe('pylab.pltx');
  });
});
