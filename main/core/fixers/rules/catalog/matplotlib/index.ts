// The matplotlib rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// matplotlib: arguments and functions removed between 2.0 and 3.6 (axisbg, normed, string rotations,
// renamed seaborn styles, gca(projection=…), plt.hold, set_color_cycle, mlab.normpdf, grid(b=…) …).
//
// Removals that the libraries' changelogs give an exact replacement for, written by hand (issue 18): SciPy 1.12's
// removal of the NumPy functions re-exported from the scipy namespace, scikit-learn's SCORERS dict (1.3) and
// LogisticRegression's default solver (0.22, for the l1 penalty it cannot fit), matplotlib's 'spectral' colormap
// (2.2) and scatter's empty colour string. Each rewrite keeps what the code computes; changes whose replacement
// computes something else (AdaBoostClassifier's algorithm='SAMME.R', removed in 1.6: 'SAMME' gives other
// predictions) have no rule here on purpose, so the loop reports them as having none.
export { axisbg } from './axisbg';
export { histNormed } from './hist-normed';
export { numericStringRotation } from './numeric-string-rotation';
export { numericStringLinewidths } from './numeric-string-linewidths';
export { seabornStyles } from './seaborn-styles';
export { gcaProjection } from './gca-projection';
export { gridB } from './grid-b';
export { hold } from './hold';
export { setColorCycle } from './set-color-cycle';
export { mlabNormpdf } from './mlab-normpdf';
export { canvasWindowTitle } from './canvas-window-title';
export { axes3dFigure } from './axes3d-figure';
export { barLeftBottom } from './bar-left-bottom';
export { logScaleKeywords } from './log-scale-keywords';
export { movedNames } from './moved-names';
export { tickParamsOnOff } from './tick-params-on-off';
export { axes3dWAxis } from './axes3d-w-axis';
export { spectralColormap } from './spectral-colormap';
export { scatterEmptyColor } from './scatter-empty-color';
export { linestyleSteps } from './linestyle-steps';
export { tickLabel } from './tick-label';
export { pcolorGetArray } from './pcolor-get-array';
export { xticksExtraLabels } from './xticks-extra-labels';
export { errorbarFmtNone } from './errorbar-fmt-none';
export { lineSetDataScalars } from './line-set-data-scalars';
export { registerCmap } from './register-cmap';
export { subplotIntegerSpec } from './subplot-integer-spec';
// matplotlib 3.2/3.9: Legend.draggable(state) → set_draggable(state), Legend.legendHandles → legend_handles.
export { legendAttributes } from './legend-attributes';
// matplotlib 3.5: annotate(s=…) → annotate(text=…).
export { annotateText } from './annotate-text';
// matplotlib 3.8: Ellipse/Rectangle/Arc angle given by position → angle=.
export { patchAnglePositional } from './patch-angle-positional';
// matplotlib 3.8: stem(use_line_collection=True) → stem().
export { stemUseLineCollection } from './stem-use-line-collection';
// matplotlib 3.7: del ax.lines[0] / ax.lines.remove(l) → the artist's remove().
export { artistListMutation } from './artist-list-mutation';
// matplotlib 3.8: colorbar of a mappable on no Axes → ax=plt.gca() / fig.gca(), the Axes it used.
export { colorbarAxes } from './colorbar-axes';
// matplotlib 3.6: negative symmetric xerr/yerr → np.abs(e), the bar matplotlib < 3.6 drew.
export { errorbarNegativeErrors } from './errorbar-negative-errors';
