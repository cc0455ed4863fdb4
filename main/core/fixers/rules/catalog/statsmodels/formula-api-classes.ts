// statsmodels.formula-api-classes — smf.Logit(y, X) / smf.OLS(y, X) → sm.Logit(y, X) / sm.OLS(y, X)
//
// Why it broke: statsmodels 0.10 (June 2019): statsmodels.formula.api keeps only the formula functions (ols, logit,
// glm …); the model classes it also re-exported (OLS, Logit, GLM, MixedLM …) were removed (statsmodels#5146, closing
// #833 "formula.api cleanup remove classes"), so `smf.Logit(y, X)` raises "module 'statsmodels.formula.api' has no
// attribute 'Logit'" and `from statsmodels.formula.api import OLS` an ImportError.
// Changelog: https://www.statsmodels.org/stable/release/version0.10.html
// Example:
//     import statsmodels.formula.api as smf
//     model_logit = smf.Logit(y_all, X_all).fit(disp=False)
//     from statsmodels.formula.api import OLS, ols
//   →
//     import statsmodels.api as sm
//     import statsmodels.formula.api as smf
//     model_logit = sm.Logit(y_all, X_all).fit(disp=False)
//     from statsmodels.api import OLS
//     from statsmodels.formula.api import ols
// Fix safety: Same result: formula.api re-exported the very classes statsmodels.api exports (it imported
// statsmodels.discrete.discrete_model.Logit, statsmodels.regression.linear_model.OLS …), so the call builds the same
// model from the same arguments; the notebook's alias of statsmodels.api is used where it has one.
// Left alone: the formula functions that still exist (smf.ols, smf.logit), a name of the notebook's own that
// shadows the module alias, and attributes of other modules.
import type { Node } from 'web-tree-sitter';
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { definesOtherwise, missingNameTriggers } from '../helpers';
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';

/** the model classes statsmodels 0.9's formula/api.py imported next to their `.from_formula` functions */
const CLASSES = [
  'GLS',
  'WLS',
  'OLS',
  'GLSAR',
  'MixedLM',
  'GLM',
  'RLM',
  'MNLogit',
  'Logit',
  'Probit',
  'Poisson',
  'NegativeBinomial',
  'QuantReg',
  'PHReg',
  'OrdinalGEE',
  'NominalGEE',
  'GEE',
];

const FORMULA_API = 'statsmodels.formula.api';

const MOVE: ModuleMove = {
  from: FORMULA_API,
  names: Object.fromEntries(CLASSES.map((name) => [name, { module: 'statsmodels.api' }])),
};

export const formulaApiClasses = defineRule({
  id: 'statsmodels.formula-api-classes',
  title: 'smf.Logit(y, X) / smf.OLS(y, X) → sm.Logit(y, X) / sm.OLS(y, X)',
  kind: 'error-repair',
  library: 'statsmodels',
  since: { package: 'statsmodels', version: '0.10' },
  explanation:
    'Before statsmodels 0.10, statsmodels.formula.api also re-exported the model classes (OLS, Logit, GLM …) ' +
    'beside its formula functions (ols, logit, glm); statsmodels#5146 removed them, so smf.Logit(y, X) raises ' +
    "\"module 'statsmodels.formula.api' has no attribute 'Logit'\". They are the classes statsmodels.api exports, " +
    'so the array interface is reached there (sm.Logit(y, X)) with the same arguments.',
  trigger: {
    errors: missingNameTriggers(String.raw`statsmodels\.formula\.api`, `(${CLASSES.join('|')})`),
  },
  needles: CLASSES,
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    // `from statsmodels.formula.api import OLS, ols`: the classes' import moves to statsmodels.api
    const statements = ctx.nodes('import_from_statement');
    const inImport = (edit: SourceEdit): boolean =>
      statements.some((s) => edit.start >= s.startIndex && edit.end <= s.endIndex);
    edits.push(...moduleMoveEdits(parsed, ctx, MOVE).filter(inImport));
    // `smf.Logit` (an attribute of the module alias): the notebook's name for statsmodels.api, else `sm`
    let api: { name: string; edits: SourceEdit[] } | null | undefined;
    const shadowed = (name: string): boolean =>
      ctx.imports.rebound.has(name) ||
      definesOtherwise(parsed, name) ||
      ctx.notebook.codeCells.some((i) => i < ctx.cellIndex && definesOtherwise(ctx.notebook.parse(i), name));
    for (const attribute of ctx.nodes('attribute')) {
      const nameNode = attribute.childForFieldName('attribute') as Node | null;
      if (!nameNode || !CLASSES.includes(parsed.text(nameNode))) continue;
      if (ctx.imports.resolve(attribute, parsed) !== `${FORMULA_API}.${parsed.text(nameNode)}`) continue;
      // the alias bound to something of the notebook's own (`smf = …` in this cell or an earlier one)
      const object = attribute.childForFieldName('object');
      if (object?.type === 'identifier' && shadowed(parsed.text(object))) continue;
      if (api === undefined) {
        api = ctx.requireImport('statsmodels.api', 'sm');
        if (api) edits.push(...api.edits);
      }
      if (!api) break;
      edits.push(replaceNode(attribute, `${api.name}.${parsed.text(nameNode)}`));
    }
    return edits;
  },
});
