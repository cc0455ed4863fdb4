// Rows of the API-change table whose replacement a person read against the library's source and found no rule
// should rewrite to: the named replacement computes or returns something else (a rewrite would run but change what
// the notebook computes), or the old name is internal API that notebooks do not use. `nbrevive rules --coverage`
// reports them under these reasons instead of "needs a hand-written rule". Keyed by the row's old name; the value
// says why, from the source of the release before the removal.

export const NOT_EQUIVALENT_REASON =
  'replacement reviewed: it computes or returns something else (a rewrite would change results), no rule';
export const INTERNAL_REASON =
  'internal API (numpy.core, build tools, backends, test helpers, developer utilities): not used by notebooks';

/** old name → why its named replacement is not the same computation */
export const NOT_EQUIVALENT: Record<string, string> = {
  // numpy
  'numpy.testing.rand': "filled the array from Python's random module, not numpy.random's generator",
  'numpy.testing.utils.rand': "filled the array from Python's random module, not numpy.random's generator",
  'numpy.core.numerictypes.find_common_type': 'result_type promotes scalars and arrays by other rules',
  'numpy.deprecate': 'a decorator factory; warnings.deprecated takes a message and warns differently',
  'numpy.deprecate_with_doc': 'a decorator factory; warnings.deprecated takes a message and warns differently',
  'numpy.geterrobj': 'returned the raw error object; errstate is a context manager',
  'numpy.seterrobj': 'set the raw error object; errstate is a context manager',
  'numpy.set_string_function': 'replaced repr/str by a function; set_printoptions takes per-type formatters',
  'numpy.source': 'printed the source with its file; inspect.getsource returns the text only',
  'numpy.lib.disp': 'the message names no function ("use your own printing function")',
  // scipy
  'scipy.interpolate.spline':
    "fitted the 'smoothest' spline (least jumps of the highest derivative), not make_interp_spline's not-a-knot one",
  'scipy.interpolate.splmake': "built the 'smoothest' spline, not make_interp_spline's not-a-knot one",
  'scipy.interpolate.spleval': "evaluated splmake's (xk, cvals, k) form, which BSpline does not take",
  'scipy.interpolate.spltopp': "took splmake's (xk, cvals, k) form, not the tck PPoly.from_spline reads",
  'scipy.special.sph_in': 'returned every order 0..n and the derivatives; spherical_in computes one order',
  'scipy.special.sph_inkn': 'returned every order 0..n of two kinds and derivatives; spherical_in computes one order',
  'scipy.special.sph_jn': 'returned every order 0..n and the derivatives; spherical_jn computes one order',
  'scipy.special.sph_jnyn': 'returned every order 0..n of two kinds and derivatives; spherical_jn computes one order',
  'scipy.special.sph_kn': 'returned every order 0..n and the derivatives; spherical_kn computes one order',
  'scipy.special.sph_yn': 'returned every order 0..n and the derivatives; spherical_yn computes one order',
  'scipy.special.lpn': 'returned (Pn, Pn_deriv); legendre_p_all returns one stacked array',
  'scipy.stats.histogram': 'returned (counts, lowlimit, binsize, extrapoints); np.histogram returns (counts, edges)',
  'scipy.stats.histogram2': 'histogrammed one array against given bin edges; np.histogram2d bins two arrays',
  'scipy.stats.mstats_basic.betai': 'the masked variant (np.ma.where clipping), not special.betainc of a plain array',
  'scipy.stats.pdf_fromgamma': "statsmodels' ExpandedNormal is another library and another interface",
  'scipy.stats.rvs_ratio_uniforms': 'RatioUniforms is a generator object with its own random stream',
  'scipy.ndimage.imread': 'read through PIL as integers; matplotlib.pyplot.imread gives PNGs as floats in [0, 1]',
  'scipy.integrate.simps':
    'an even number of samples averaged the first- and last-interval trapezoid corrections ' +
    "(even='avg'); simpson uses Cartwright's correction since SciPy 1.11 (another value)",
  'scipy.misc.imread': 'read through PIL (flatten, mode); imageio.imread returns other dtypes and orientations',
  'scipy.misc.imresize': 'resized to uint8 through PIL; skimage.transform.resize returns floats, other filters',
  'scipy.misc.imrotate': 'rotated to uint8 through PIL; skimage.transform.rotate returns floats, other filters',
  'scipy.misc.imsave': 'bytescaled the array before saving; imageio.imwrite does not',
  'scipy.misc.imshow': 'opened an external viewer; matplotlib.pyplot.imshow draws on an axes',
  'scipy.misc.imfilter': 'the message names PIL filters, no function',
  'scipy.signal.windows.slepian': 'took a bandwidth width; dpss takes NW and normalizes otherwise',
  'scipy.spatial.distance.kulsinski': 'another dissimilarity formula than kulczynski1',
  'scipy.constants.C2F': 'convert_temperature goes through Kelvin: results differ in the last digits',
  'scipy.constants.C2K': 'convert_temperature takes the scale names; not a drop-in call',
  'scipy.constants.F2C': 'convert_temperature goes through Kelvin: results differ in the last digits',
  'scipy.constants.F2K': 'convert_temperature goes through Celsius: results differ in the last digits',
  'scipy.constants.K2C': 'convert_temperature takes the scale names; not a drop-in call',
  'scipy.constants.K2F': 'convert_temperature goes through Celsius: results differ in the last digits',
  // pandas
  'pandas.tseries.util.isleapyear': 'is_leap_year is an attribute of datetime-likes, not a function of a year',
  'pandas.tseries.util.pivot_annual': 'pivot_table needs the year/day columns built first',
  'pandas.tseries.plotting.tsplot': 'Series.plot draws with other defaults (no frequency resampling of the axis)',
  'pandas.io.date_converters': 'parse_date_time and friends combined columns; to_datetime takes one input',
  'pandas.MultiIndex.is_lexsorted': 'lexsort order is not monotonic order (is_monotonic_increasing differs)',
  'pandas.MultiIndex.lexsort_depth': 'returned a depth (int); is_monotonic_increasing is a bool',
  'pandas.is_extension_type': 'also true for sparse and datetime-tz data, unlike is_extension_array_dtype',
  'pandas.core.dtypes.common.is_extension_type': 'also true for sparse and datetime-tz data',
  'pandas.api.types.is_categorical': 'checked the object (Categorical, CategoricalIndex); the dtype check differs',
  'pandas.core.dtypes.common.is_categorical': 'checked the object, not its dtype',
  'pandas.api.types.is_period': 'checked the object (Period data), not its dtype',
  // scikit-learn
  'sklearn.ensemble.partial_dependence': 'returned (pdp, axes); sklearn.inspection.partial_dependence a Bunch',
  'sklearn.ensemble.plot_partial_dependence': "plotted gradient boosting's own grid; the inspection one differs",
  'sklearn.datasets.load_lfw_pairs': 'never downloaded (download_if_missing=False); fetch_lfw_pairs does',
  // matplotlib
  'matplotlib.cm.revcmap': 'reversed segment data (a dict); Colormap.reversed reverses a colormap',
  'matplotlib.rcsetup.validate_path_exists': 'a validator that raised or returned the path; os.path.exists a bool',
  'matplotlib.cbook.report_memory': 'psutil is another library and returns other units',
  'matplotlib.cbook.maxdict': 'a size-bounded dict; functools.lru_cache is a decorator',
  'matplotlib.cbook.local_over_kwdict': 'normalize_kwargs takes an alias mapping, not the local value',
  // statsmodels
  'statsmodels.iolib.genfromdta': 'returned a record array; pandas.read_stata a DataFrame',
};

/** Internal API: old names (or their prefixes, ending with '.') notebooks do not reach. */
export const INTERNAL: readonly string[] = [
  'numpy.core.',
  'numpy.distutils.',
  'numpy.arrayprint.',
  'pandas.core.internals.',
  'sklearn.utils.',
  'matplotlib.backends.',
  'matplotlib.testing.',
  'matplotlib.sphinxext.',
  'matplotlib.test',
  'matplotlib.font_manager.JSONEncoder',
  'mpl_toolkits.axisartist.',
];

/** The reason a reviewed row is out of scope, or null when nobody reviewed it. */
export function reviewedReason(old: string): { reason: string; detail: string } | null {
  const why = NOT_EQUIVALENT[old];
  if (why) return { reason: NOT_EQUIVALENT_REASON, detail: why };
  if (INTERNAL.some((prefix) => (prefix.endsWith('.') ? old.startsWith(prefix) : old === prefix)))
    return { reason: INTERNAL_REASON, detail: 'internal API' };
  return null;
}
