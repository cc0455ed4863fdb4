// statsmodels.family-link-class — sm.families.Binomial(sm.families.links.logit) → Binomial(sm.families.links.Logit())
//
// Why it broke: statsmodels 0.13: a GLM family given a link class (not an instance) raises "TypeError: Calling
// Family(..) with a link class is not allowed. Use an instance of a link class instead." Families took link
// classes until statsmodels#3370 (2017) switched them to instances; classes were still instantiated with a
// DeprecationWarning until the TypeError of statsmodels#7579.
// Changelog: https://www.statsmodels.org/stable/release/version0.13.html
// Example:
//     clf = sm.GLM(y, X, family=sm.families.Binomial(sm.families.links.logit))
//     pois = sm.families.Poisson(link=links.log)
//   →
//     clf = sm.GLM(y, X, family=sm.families.Binomial(sm.families.links.Logit()))
//     pois = sm.families.Poisson(link=links.Log())
// Fix safety: Same result: the family instantiated the class it was given (`link()`), which the rewrite does at the
// call; the lowercase names were aliases of these classes (deprecated in 0.14), so the link is the same function.
// Left alone: a link that is already called (an instance), a link class outside a statsmodels family's link
// argument, and names that do not resolve to statsmodels' links module.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { callArguments, keywordName } from '../../syntax';

/** the link classes by the names notebooks used, lowercase aliases first, with the class that replaced each */
const LINKS: Record<string, string> = {
  logit: 'Logit',
  probit: 'Probit',
  cauchy: 'Cauchy',
  cloglog: 'CLogLog',
  loglog: 'LogLog',
  log: 'Log',
  logc: 'LogC',
  identity: 'Identity',
  inverse_power: 'InversePower',
  inverse_squared: 'InverseSquared',
  sqrt: 'Sqrt',
  nbinom: 'NegativeBinomial',
  Logit: 'Logit',
  Probit: 'Probit',
  Cauchy: 'Cauchy',
  CLogLog: 'CLogLog',
  LogLog: 'LogLog',
  Log: 'Log',
  LogC: 'LogC',
  Identity: 'Identity',
  InversePower: 'InversePower',
  InverseSquared: 'InverseSquared',
  Sqrt: 'Sqrt',
  NegativeBinomial: 'NegativeBinomial',
  CDFLink: 'CDFLink',
  Power: 'Power',
};

const FAMILIES = ['Binomial', 'Poisson', 'Gaussian', 'Gamma', 'InverseGaussian', 'NegativeBinomial', 'Tweedie'];

export const familyLinkClass = defineRule({
  id: 'statsmodels.family-link-class',
  title: 'sm.families.Binomial(sm.families.links.logit) → Binomial(sm.families.links.Logit())',
  kind: 'error-repair',
  library: 'statsmodels',
  since: { package: 'statsmodels', version: '0.13' },
  explanation:
    'GLM families take a link instance since statsmodels#3370 (2017); a link class was instantiated ' +
    'by the family with a DeprecationWarning until statsmodels 0.13 made it a TypeError ("Calling ' +
    'Family(..) with a link class is not allowed"). The class is called where the family is built, ' +
    'under its CapWords name (the lowercase aliases such as links.logit are deprecated in 0.14).',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /Calling Family\(\.\.\) with a link class is not allowed/ }],
  },
  needles: ['links'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node } of ctx.calls({ module: 'statsmodels', names: FAMILIES })) {
      // the link is the family's first argument (positional) or link=
      const args = callArguments(node);
      const link: Node | null | undefined =
        args[0]?.type === 'keyword_argument'
          ? args
              .find((a) => a.type === 'keyword_argument' && keywordName(a, parsed) === 'link')
              ?.childForFieldName('value')
          : args[0];
      if (!link || link.type !== 'attribute') continue;
      const qualified = ctx.imports.resolve(link, parsed);
      if (!qualified?.startsWith('statsmodels.')) continue;
      const parts = qualified.split('.');
      const name = parts.at(-1) as string;
      const replacement = LINKS[name];
      if (parts.at(-2) !== 'links' || !replacement) continue;
      const attribute = link.childForFieldName('attribute') as Node;
      edits.push(replaceNode(attribute, `${replacement}()`));
    }
    return edits;
  },
});
