// What the coverage credits: a rewrite counts when the repaired code reaches the replacement (through a public
// re-export, an object imported from its module, or a module alias) and the old name is gone, not kept as the
// local alias of the new object; a function row is also tried called, since rules rewrite calls.
import { describe, expect, it } from 'vitest';
import { coverRow } from '../../../../../../main/core/fixers/api-changes/coverage';
import { refersTo } from '../../../../../../main/core/fixers/api-changes/snippets';
import { NOT_EQUIVALENT_REASON } from '../../../../../../main/core/fixers/api-changes/reviewed';
import type { ApiChange } from '../../../../../../main/core/fixers/api-changes/table';
import { rowMaker } from './helpers';

const row = rowMaker({ library: 'scipy', version: '1.0.0', kind: 'moved' });
/** a renamed row of the library's release, its replacement not a pure rename */
const renamed = (library: ApiChange['library'], version: string, old: string, replacement: string) =>
  rowMaker({ library, version, kind: 'renamed' })({ old, new: replacement, pure: false });

describe('coverage crediting', () => {
  it('reads re-exports, objects imported from their module and module aliases', () => {
    const chi2 = 'scipy.stats.distributions.chi2.sf';
    expect(refersTo('import scipy.stats as stats\nvalue = stats.chi2.sf(data, 2)\n', chi2)).toBe(true);
    expect(refersTo('from scipy.stats import chi2\nvalue = chi2.sf(data, 2)\n', chi2)).toBe(true);
    expect(refersTo('from scipy.stats import chi2\nvalue = chi2.pdf(data, 2)\n', chi2)).toBe(false);
  });

  it('an old name kept only as the alias of the new object is gone', () => {
    const hanning = 'scipy.signal.windows.hanning';
    expect(refersTo('from scipy.signal.windows import hann as hanning\n', hanning)).toBe(false);
    expect(refersTo('from scipy.signal.windows import hanning as h\n', hanning)).toBe(true);
  });

  it('credits a rule that rewrites the call of a moved function (stats.chisqprob → stats.chi2.sf)', async () => {
    expect(
      await coverRow(row({ old: 'scipy.stats.chisqprob', new: 'scipy.stats.distributions.chi2.sf', pure: false })),
    ).toMatchObject({ outcome: 'hand-written', ruleIds: ['scipy.removed-functions'] });
  });

  it('tries an aliased module function and a renamed method called (np.asfarray(a), df.as_matrix())', async () => {
    expect(await coverRow(renamed('numpy', '2.0.0', 'numpy.asfarray', 'numpy.asarray'))).toMatchObject({
      outcome: 'hand-written',
      ruleIds: ['numpy.removed-functions'],
    });
    expect(
      await coverRow(renamed('pandas', '1.0.0', 'pandas.DataFrame.as_matrix', 'pandas.DataFrame.values')),
    ).toMatchObject({ outcome: 'hand-written', ruleIds: ['pandas.as-matrix'] });
  });

  it('does not credit a rewrite to a name that does not exist (np.tostring(a) is no array method)', async () => {
    const covered = await coverRow(renamed('numpy', '2.3.0', 'numpy.tostring', 'numpy.tobytes'));
    expect(covered.outcome).toBe('out-of-scope');
  });

  it('says why a reviewed replacement is left alone (spline: the smoothest spline is not not-a-knot)', async () => {
    const covered = await coverRow(
      row({ old: 'scipy.interpolate.spline', new: 'scipy.interpolate.make_interp_spline', pure: false }),
    );
    expect(covered.outcome).toBe('out-of-scope');
    expect(covered.reason).toBe(NOT_EQUIVALENT_REASON);
    expect(covered.detail).toMatch(/smoothest/);
  });
});
