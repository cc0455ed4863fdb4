// scipy.signal-windows — scipy.signal.gaussian / hann / hamming / kaiser … → scipy.signal.windows.gaussian …
//
// Why it broke: SciPy 1.13.0 (2024-04-02) removed the window functions from the scipy.signal namespace, where they
// had stayed as aliases of scipy.signal.windows since 1.1 ("Importing window functions directly from scipy.signal is
// deprecated"), and removed hanning, the old alias of hann (in scipy.signal and scipy.signal.windows);
// `signal.gaussian(51, std=7)` now fails with AttributeError.
// Changelog: https://docs.scipy.org/doc/scipy/release/1.13.0-notes.html#expired-deprecations
// Changelog: https://docs.scipy.org/doc/scipy/release/1.1.0-notes.html#deprecated-features
// Example:
//     from scipy import signal
//     window = signal.gaussian(51, std=7)
//     taper = signal.hanning(64)
//   →
//     from scipy import signal
//     window = signal.windows.gaussian(51, std=7)
//     taper = signal.windows.hann(64)
// Fix safety: Same result: the names in scipy.signal were the scipy.signal.windows functions themselves, and hanning
// was hann; imports and dotted uses are rewritten, other names of scipy.signal (get_window, convolve …) stay.
// Left alone: a notebook without a scipy import, and a window function of the notebook's own.
import { defineRule } from '../../rule';
import { missingNameTriggers } from '../helpers';
import { moduleMoveEdits, type ModuleMove } from '../module-moves';

/** The window functions scipy.signal re-exported from scipy.signal.windows until SciPy 1.13. */
const WINDOWS = [
  'barthann',
  'bartlett',
  'blackman',
  'blackmanharris',
  'bohman',
  'boxcar',
  'chebwin',
  'cosine',
  'exponential',
  'flattop',
  'gaussian',
  'general_gaussian',
  'hamming',
  'hann',
  'kaiser',
  'nuttall',
  'parzen',
  'triang',
  'tukey',
];

const SIGNAL_WINDOWS_MOVE: ModuleMove = {
  from: 'scipy.signal',
  names: {
    ...Object.fromEntries(WINDOWS.map((name) => [name, { module: 'scipy.signal.windows' }])),
    hanning: { module: 'scipy.signal.windows', name: 'hann' },
  },
};

/** hanning was also an alias of hann in scipy.signal.windows itself until 1.13 ("Removed signal.windows.hanning"). */
const WINDOWS_HANNING_MOVE: ModuleMove = {
  from: 'scipy.signal.windows',
  names: { hanning: { module: 'scipy.signal.windows', name: 'hann' } },
};

const NAMES = [...WINDOWS, 'hanning'].join('|');

export const signalWindows = defineRule({
  id: 'scipy.signal-windows',
  title: 'scipy.signal.gaussian / hann / hamming / kaiser … → scipy.signal.windows.gaussian …',
  kind: 'error-repair',
  library: 'SciPy',
  since: { package: 'scipy', version: '1.13', date: '2024-04-02' },
  deprecatedIn: '1.1',
  explanation:
    'scipy.signal kept the window functions (gaussian, hann, hamming, blackman, kaiser, tukey …) as aliases ' +
    'of scipy.signal.windows after 1.1 moved them there, and hanning as an alias of hann; SciPy 1.13 ' +
    'removed them from scipy.signal, so signal.gaussian(51, std=7) raises AttributeError and `from ' +
    'scipy.signal import hamming` ImportError. They were the same functions, so the import or the dotted ' +
    'use is pointed at scipy.signal.windows (hanning at windows.hann); the rest of scipy.signal is untouched.',
  trigger: {
    errors: [
      ...missingNameTriggers(String.raw`scipy\.signal`, `(${NAMES})`),
      ...missingNameTriggers(String.raw`scipy\.signal\.windows`, 'hanning'),
    ],
    pattern: true,
  },
  needles: ['signal'],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('scipy')) return [];
    return [
      ...moduleMoveEdits(parsed, ctx, SIGNAL_WINDOWS_MOVE),
      ...moduleMoveEdits(parsed, ctx, WINDOWS_HANNING_MOVE),
    ];
  },
});
