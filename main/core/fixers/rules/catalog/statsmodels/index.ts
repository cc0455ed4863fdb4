// The statsmodels rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// statsmodels: pacf's method names 0.12 renamed (method='ywunbiased' → 'ywadjusted').
export { pacfMethodNames } from './pacf-method-names';
// statsmodels: GLM families that took a link class (sm.families.Binomial(sm.families.links.logit)) take an instance.
export { familyLinkClass } from './family-link-class';
// statsmodels: the model classes statsmodels.formula.api no longer re-exports (smf.Logit(y, X)) → statsmodels.api.
export { formulaApiClasses } from './formula-api-classes';
// statsmodels: the misspelled diagnostic names 0.10 removed (het_breushpagan → het_breuschpagan, lillifors …).
export { misspelledNames } from './misspelled-names';
