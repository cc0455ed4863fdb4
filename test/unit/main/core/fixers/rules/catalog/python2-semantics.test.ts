// Python 2 rewrites that must keep what the code meant: a parenthesized lambda parameter is no tuple, a
// notebook's own `next` is not the builtin, an iterator is not a view; plus raise E, V, backticks, ur'', file().
import { describe, expect, it } from 'vitest';
import { cellError, cellSource, fix, fixCells } from '../helpers';
import { execFileSync } from 'node:child_process';
import { describeToday } from '../../../../../../helpers/python';

describe('python2.tuple-parameters', () => {
  const rule = ['python2.tuple-parameters'];
  it('a merely parenthesized single parameter is the plain parameter', async () => {
    expect(await fix('f = lambda (x): x + 1\ndef g((y)):\n    return y\n', rule)).toBe(
      'f = lambda x: x + 1\ndef g(y):\n    return y\n',
    );
  });
  it('a one-element tuple is still unpacked', async () => {
    expect(await fix('f = lambda (x,): x + 1\n', rule)).toBe('f = lambda x: x[0] + 1\n');
  });
  it('nested tuples index by path (lambda) and unpack in one assignment (def)', async () => {
    expect(await fix('f = lambda (k, (a, b)): k + a * b\n', rule)).toBe(
      'f = lambda k_a_b: k_a_b[0] + k_a_b[1][0] * k_a_b[1][1]\n',
    );
    expect(await fix('def f(i, (k, (a, b))):\n    return k + a * b\n', rule)).toBe(
      'def f(i, k_a_b):\n    (k, (a, b)) = k_a_b\n    return k + a * b\n',
    );
  });
});

describe('python2.next-method', () => {
  const rule = ['python2.next-method'];
  const errors = [cellError(0, 'AttributeError', "'generator' object has no attribute 'next'", 'row = it.next()')];
  it('next(it) when the builtin is not shadowed', async () => {
    expect(await fix('row = it.next()\n', rule, { errors })).toBe('row = next(it)\n');
  });
  it('it.__next__() where the notebook defines its own next', async () => {
    const result = await fixCells(['row = it.next()\n', 'def next(x):\n    return x + 1\n'], rule, { errors });
    expect(cellSource(result, 0)).toBe('row = it.__next__()\n');
    const assigned = await fixCells(['row = it.next()\n', 'next = 3\n'], rule, { errors });
    expect(cellSource(assigned, 0)).toBe('row = it.__next__()\n');
  });
});

describe('python2.dict-iterators', () => {
  const rule = ['python2.dict-iterators'];
  it('iterated uses take the view; others the iterator Python 2 returned', async () => {
    expect(
      await fix(
        'for k in d.iterkeys():\n    pass\nn = sum(d.itervalues())\nok = 3 in d.iterkeys()\ns = sorted(d.iteritems(), key=f)\n',
        rule,
      ),
    ).toBe('for k in d.keys():\n    pass\nn = sum(d.values())\nok = 3 in d.keys()\ns = sorted(d.items(), key=f)\n');
    expect(await fix('if d.iterkeys():\n    pass\nit = d.iteritems()\nfirst = it.next()\n', rule)).toBe(
      'if iter(d.keys()):\n    pass\nit = iter(d.items())\nfirst = it.next()\n',
    );
  });
  it('viewkeys/viewvalues/viewitems are the views', async () => {
    expect(await fix('common = a.viewkeys() & b.viewkeys()\n', rule)).toBe('common = a.keys() & b.keys()\n');
  });
  it('leaves other methods alone', async () => {
    expect(await fix('x = d.iterkeys(1)\ny = d.keys()\n', rule)).toBe('x = d.iterkeys(1)\ny = d.keys()\n');
  });
});

describe('python2.raise-comma, python2.backticks, python2.ur-prefix, python2.file-execfile', () => {
  it('raise E, V and raise E, V, T', async () => {
    expect(await fix('raise ValueError, "bad value"\n', ['python2.raise-comma'])).toBe(
      'raise ValueError("bad value")\n',
    );
    expect(await fix('raise KeyError, (k, 2)\n', ['python2.raise-comma'])).toBe('raise KeyError(k, 2)\n');
    expect(await fix('raise E, V, tb\n', ['python2.raise-comma'])).toBe('raise E(V).with_traceback(tb)\n');
    expect(await fix('raise ValueError("ok")\nraise\n', ['python2.raise-comma'])).toBe(
      'raise ValueError("ok")\nraise\n',
    );
  });
  it('backticks', async () => {
    expect(await fix('s = `x` + `y + 1`\nt = "`a`"  # `b`\n', ['python2.backticks'])).toBe(
      's = repr(x) + repr(y + 1)\nt = "`a`"  # `b`\n',
    );
  });
  it("ur'' without \\u escapes", async () => {
    expect(await fix("a = ur'\\d+'\nb = ur'\\u00e9'\n", ['python2.ur-prefix'])).toBe("a = r'\\d+'\nb = ur'\\u00e9'\n");
  });
  it('file() and execfile(), not where the notebook binds file itself', async () => {
    expect(await fix("f = file('a.txt', 'w')\nexecfile('setup.py')\n", ['python2.file-execfile'])).toBe(
      "f = open('a.txt', 'w')\nexec(compile(open('setup.py').read(), 'setup.py', 'exec'))\n",
    );
    const shadowed = await fixCells(['for file in files:\n    pass\n', 'h = file(p)\n'], ['python2.file-execfile']);
    expect(cellSource(shadowed, 1)).toBe('h = file(p)\n');
  });
});

describeToday('Python 2 rewrites run with their Python 2 meaning', (python) => {
  it('lambda (x), nested tuples, iter(d.items()), raise E, V and backticks', async () => {
    const source = [
      'd = {}',
      'f = lambda (x): x + 1',
      'g = lambda (k, (a, b)): k + a * b',
      'it = d.iteritems()',
      'truthy = bool(d.iterkeys())',
      'def h(i, (k, (a, b))):',
      '    return i + k + a * b',
      'try:',
      '    raise ValueError, "bad"',
      'except ValueError as e:',
      '    msg = str(e)',
      'print(f(1), g((1, (2, 3))), h(1, (1, (2, 3))), truthy, next(it, "end"), msg, `2`)',
      '',
    ].join('\n');
    const fixed = await fix(source, 'all');
    const out = execFileSync(python, ['-c', fixed], { encoding: 'utf8' });
    // Python 2 printed: 2 7 8 True end bad 2  (an empty dict's iterator was true)
    expect(out.trim()).toBe('2 7 8 True end bad 2');
  });
});
