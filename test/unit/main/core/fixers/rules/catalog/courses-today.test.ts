// Rules added after the 2015–2018 course notebooks' run (Andrew Ng's exercises in Python 2, jakevdp's and
// justmarkham's scikit-learn tutorials), checked in today's stack: the old snippet fails there, the rewritten one
// runs and prints what the old code computed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { cellError, cellSource, fixCells, TODAY_ENVIRONMENT as TODAY, expectRepairedAfterError } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("course notebooks' removals run in today's stack", (run) => {
  it("open() of a Latin-1 file in a Python 2 notebook reads the lines Python 2's byte strings had", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nbrevive-latin1-'));
    const file = path.join(dir, 'movie_ids.txt');
    // MovieLens' movie_ids.txt: Latin-1 titles, one byte per accented letter
    writeFileSync(file, Buffer.from('1 Toy Story (1995)\n2 Les Mis\xe9rables (1995)\n', 'latin1'));
    const code = `movie_idx = {}\nf = open(${JSON.stringify(file)})\nfor line in f:\n    tokens = line.split(' ')\n    tokens[-1] = tokens[-1][:-1]\n    movie_idx[int(tokens[0]) - 1] = ' '.join(tokens[1:])\nprint(len(movie_idx[1]), movie_idx[1].split(' ')[1][:3])\n`;
    expect(run(code).out).toMatch(/UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9/);
    const error = cellError(
      1,
      'UnicodeDecodeError',
      "'utf-8' codec can't decode byte 0xe9 in position 23: invalid continuation byte",
      'for line in f:',
    );
    // the notebook is Python 2's: another cell holds a print statement
    const result = await fixCells(["print 'loading'\n", code], ['python2.open-text-encoding'], {
      ...TODAY,
      errors: [error],
    });
    const after = cellSource(result, 1);
    expect(after).toContain(`open(${JSON.stringify(file)}, encoding='latin-1')`);
    // Python 2: 'Les Mis\xe9rables (1995)' is 21 bytes, and its second word starts with 'Mis'
    expect(run(after)).toEqual({ ok: true, out: '21 Mis' });
  });
  it('scipy.misc.comb / logsumexp / factorial are the scipy.special functions they re-exported', async () => {
    const before =
      'import scipy.misc\nfrom scipy.misc import comb, logsumexp\nprint(comb(10, 3), round(float(logsumexp([1.0, 2.0, 3.0])), 6), scipy.misc.factorial(5, exact=True))\n';
    expect(run(before).out).toMatch(/ImportError: cannot import name 'comb' from 'scipy\.misc'/);
    const after = await fixCells([before], ['scipy.misc-moved-functions'], TODAY);
    const source = cellSource(after, 0);
    expect(source).toContain('from scipy.special import comb, logsumexp');
    // comb(10, 3) = 120 as a float (exact=False), log(e + e² + e³), 5! exact
    expect(run(source)).toEqual({ ok: true, out: '120.0 3.407606 120' });
  });
  it('a bare Inf under from numpy import * and from numpy import NaN are the names NumPy 2 kept', async () => {
    const before =
      'from numpy import *\nfrom scipy.integrate import quad\nval, abserr = quad(lambda x: exp(-x ** 2), -Inf, Inf)\nprint(round(val, 6), isnan(NaN))\n';
    // the integral of exp(-x²) over the real line is √π
    const after = await expectRepairedAfterError(
      run,
      before,
      ['numpy.2-removed-bare-names'],
      ['NameError', "name 'Inf' is not defined", 'val, abserr = quad(lambda x: exp(-x ** 2), -Inf, Inf)'],
      { fails: /NameError: name 'Inf' is not defined/, out: '1.772454 True' },
    );
    expect(after).toContain('-inf, inf)');
    const imported = 'from numpy import NaN, isnan\nprint(isnan(NaN))\n';
    const fixed = await expectRepairedAfterError(
      run,
      imported,
      ['numpy.2-removed-bare-names'],
      ['ImportError', "cannot import name 'NaN' from 'numpy'", 'from numpy import NaN, isnan'],
      { fails: /ImportError: cannot import name 'NaN' from 'numpy'/, out: 'True' },
    );
    expect(fixed).toContain('from numpy import nan as NaN, isnan');
  });
  it("ls='steps-mid' draws the steps-mid line matplotlib < 3.3 split it into", async () => {
    const before =
      "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\nline, = plt.plot([1, 2, 3], [3, 1, 2], ls='steps-mid')\ndash, = plt.plot([1, 2, 3], [1, 2, 3], linestyle='steps--')\nprint(line.get_drawstyle(), line.get_linestyle(), dash.get_drawstyle(), dash.get_linestyle())\n";
    expect(run(before).out).toMatch(/'steps-mid' is not a valid value for ls/);
    const after = cellSource(await fixCells([before], ['matplotlib.linestyle-steps'], TODAY), 0);
    expect(after).toContain("drawstyle='steps-mid')");
    expect(run(after)).toEqual({ ok: true, out: 'steps-mid - steps --' });
  });
  it('stats.mode(labels)[0][0] reads the one-element array SciPy < 1.11 returned', async () => {
    const before =
      'import numpy as np\nfrom scipy import stats\nlabels = np.array([3, 1, 3, 2])\nprint(stats.mode(labels)[0][0], stats.mode(labels)[1][0])\n';
    const after = await expectRepairedAfterError(
      run,
      before,
      ['scipy.stats-mode-keepdims'],
      ['IndexError', 'invalid index to scalar variable.', 'print(stats.mode(labels)[0][0], stats.mode(labels)[1][0])'],
      { fails: /IndexError: invalid index to scalar variable/, out: '3 2' },
    );
    expect(after).toContain('stats.mode(labels, keepdims=True)[0][0]');
  });
  it("pickle on text-mode files and csv on binary-mode files run as Python 2's did", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nbrevive-modes-'));
    const pkl = JSON.stringify(path.join(dir, 'obj.pkl'));
    const tsv = JSON.stringify(path.join(dir, 'rows.csv'));
    const before = `import pickle, csv\npickle.dump({'a': [1, 2]}, open(${pkl}, 'w'))\nprint(pickle.load(open(${pkl})))\nw = csv.writer(open(${tsv}, 'wb'))\nw.writerow(['x', 'y,z'])\ndel w\nprint([row for row in csv.reader(open(${tsv}, 'rb'))])\n`;
    expect(run(before).out).toMatch(/TypeError: write\(\) argument must be str, not bytes/);
    const error = cellError(
      0,
      'TypeError',
      'write() argument must be str, not bytes',
      `pickle.dump({'a': [1, 2]}, open(${pkl}, 'w'))`,
    );
    const after = cellSource(await fixCells([before], ['python2.binary-file-modes'], { ...TODAY, errors: [error] }), 0);
    expect(after).toContain(`open(${pkl}, 'wb')`);
    expect(after).toContain(`open(${tsv}, 'r', newline='')`);
    expect(run(after)).toEqual({ ok: true, out: "{'a': [1, 2]}\n[['x', 'y,z']]" });
  });
  it('signal.gaussian and signal.hanning are the scipy.signal.windows functions', async () => {
    const before =
      'from scipy import signal\nprint(signal.gaussian(5, std=1).round(3).tolist(), signal.hanning(3).tolist())\n';
    expect(run(before).out).toMatch(/AttributeError: module 'scipy\.signal' has no attribute 'gaussian'/);
    const after = cellSource(await fixCells([before], ['scipy.signal-windows'], TODAY), 0);
    expect(after).toContain('signal.windows.gaussian(5, std=1)');
    expect(run(after)).toEqual({ ok: true, out: '[0.135, 0.607, 1.0, 0.607, 0.135] [0.0, 1.0, 0.0]' });
  });
  it('tick.label.set_fontsize is label1, the label Tick.label named', async () => {
    const before =
      "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nfor tick in ax.xaxis.get_major_ticks():\n    tick.label.set_fontsize(14)\nprint(ax.xaxis.get_major_ticks()[0].label1.get_fontsize())\n";
    const after = await expectRepairedAfterError(
      run,
      before,
      ['matplotlib.tick-label'],
      ['AttributeError', "'XTick' object has no attribute 'label'", '    tick.label.set_fontsize(14)'],
      { fails: /AttributeError: 'XTick' object has no attribute 'label'/, out: '14.0' },
    );
    expect(after).toContain('tick.label1.set_fontsize(14)');
  });
  it("a sparse matrix's .A is its toarray()", async () => {
    const before =
      'import numpy as np\nimport scipy.sparse as sp\nX = sp.csr_matrix(np.eye(2))\ndense = X.A\nprint(type(dense).__name__, dense.tolist())\n';
    const after = await expectRepairedAfterError(
      run,
      before,
      ['scipy.sparse-dense-attributes'],
      ['AttributeError', "'csr_matrix' object has no attribute 'A'", 'dense = X.A'],
      { fails: /AttributeError: 'csr_matrix' object has no attribute 'A'/, out: 'ndarray [[1.0, 0.0], [0.0, 1.0]]' },
    );
    expect(after).toContain('dense = X.toarray()');
  });
});
