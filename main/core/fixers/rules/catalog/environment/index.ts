// The environment rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// Environment-only lines (rule kind `environment`): magics and imports that only decorate a notebook (the
// watermark of versions, a timer, a code formatter, a browser notification, interactive widgets) and fail where
// their package is missing today. When the run's error shows the package is missing, the lines are commented out
// with a `# nbrevive:` note; their output was never part of the notebook's results. Never for imports whose names
// the notebook uses for anything but decoration: one such use anywhere leaves every line alone.
export { decorativeExtension } from './decorative-extension';
export { widgetImports } from './widget-imports';
export { diagramImports } from './diagram-imports';
export { diagramUses } from './diagram-uses';
export { unusedMissingImport } from './unused-missing-import';
export { authorWorkingDirectory } from './author-working-directory';
export { outputFolder } from './output-folder';
export { mlMetricsFunctions } from './ml-metrics-functions';
