// matplotlib.patch-angle-positional — Ellipse(xy, w, h, 30) → Ellipse(xy, w, h, angle=30) (Rectangle, Arc too)
//
// Why it broke: matplotlib 3.8 (2023-09-15), deprecated since 3.6: the parameters of Ellipse, Rectangle and Arc after
// height became keyword-only, so the angle given positionally, as scikit-learn's GMM ellipse examples did
// (mpl.patches.Ellipse(mean, v[0], v[1], 180. + angle, color=color)), raises "TypeError: Ellipse.__init__() takes 4
// positional arguments but 5 were given".
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.6.0.html#deprecations
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.8.0.html#removals
// Example:
//     ell = mpl.patches.Ellipse(mean, v[0], v[1], 180.0 + angle, color=color)
//     rect = Rectangle((0, 0), 1, 2, 45, fill=False)
//     arc = Arc((0, 0), 2, 2, 0, 0, 180)
//   →
//     ell = mpl.patches.Ellipse(mean, v[0], v[1], angle=180.0 + angle, color=color)
//     rect = Rectangle((0, 0), 1, 2, angle=45, fill=False)
//     arc = Arc((0, 0), 2, 2, angle=0, theta1=0, theta2=180)
// Fix safety: Same figure: the arguments are named after the signature the notebook's matplotlib had
// (Ellipse(xy, width, height, angle=0.0), Rectangle(xy, width, height, angle=0.0), Arc(xy, width, height,
// angle=0.0, theta1=0.0, theta2=360.0)), so each value reaches the parameter it reached before.
// Left alone: calls with *args, calls that already name those parameters, classes that do not resolve to
// matplotlib.patches (a notebook's own Rectangle).
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { positionalToKeywordEdits } from '../helpers';
import { mpl } from './_shared';

/** the patch classes and their era's positional parameters after height (matplotlib 2.x–3.5) */
const SIGNATURES: Record<string, readonly [number, ...string[]]> = {
  Ellipse: [3, 'angle'],
  Rectangle: [3, 'angle'],
  Arc: [3, 'angle', 'theta1', 'theta2'],
};

export const patchAnglePositional = defineRule({
  id: 'matplotlib.patch-angle-positional',
  title: 'Ellipse(xy, w, h, 30) → Ellipse(xy, w, h, angle=30) (Rectangle, Arc too)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.8', '2023-09-15'),
  deprecatedIn: '3.6',
  explanation:
    'matplotlib 3.6 made the parameters of Ellipse, Rectangle and Arc after height keyword-only (a ' +
    "deprecation) and 3.8 enforced it, so an angle (and Arc's theta1/theta2) given by position fails. The " +
    'positional arguments are named after the signature of the era: angle, theta1, theta2.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /(Ellipse|Rectangle|Arc)\.__init__\(\) takes 4 positional arguments but \d+ were given/,
      },
    ],
    pattern: true,
  },
  needles: ['Ellipse', 'Rectangle', 'Arc'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node, name } of ctx.calls({ module: 'matplotlib', names: Object.keys(SIGNATURES) })) {
      const signature = name ? SIGNATURES[name] : undefined;
      if (signature) edits.push(...positionalToKeywordEdits(node, signature, parsed, signature.length - 1));
    }
    return edits;
  },
});
