// docs/rules.md is generated from the rules' metadata and must match the catalog (regenerate it with
// `nbrevive rules --markdown > docs/rules.md`).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogMarkdown } from '../../../../../../main/core/fixers/rules/catalog-docs';
import { listRules } from '../../../../../../main/core/fixers/rules/rules-engine';
import { REPO_ROOT } from '../../../../../helpers/corpus';

describe('the generated catalog page', () => {
  it('lists every rule with its kind, version and explanation', () => {
    const rules = listRules();
    const page = catalogMarkdown(rules);
    for (const r of rules) {
      expect(page).toContain(`### ${r.id}\n`);
      expect(page).toContain(r.explanation.trim().split('\n')[0] as string);
    }
    expect(page).toContain(`${rules.length} rules in`);
  });

  it('docs/rules.md is up to date with the catalog', () => {
    const stored = fs.readFileSync(path.join(REPO_ROOT, 'docs/rules.md'), 'utf8');
    expect(stored, 'regenerate: nbrevive rules --markdown > docs/rules.md').toBe(catalogMarkdown(listRules()));
  });
});
