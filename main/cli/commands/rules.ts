// `nbrevive rules [--json] [--kind K] [--library L]`: the migration rules catalog, for reading what nbrevive changes.
import { listRules } from '../../core/fixers/rules/engine';
import { bold } from '../format';
import { COMMON_OPTIONS, parse } from '../options';

export async function rulesCommand(args: string[]): Promise<number> {
  const { values } = parse(args, { ...COMMON_OPTIONS, kind: { type: 'string' }, library: { type: 'string' } });
  if (values.help) {
    console.log('usage: nbrevive rules [--kind error-repair|score-calibration|runtime-reduction] [--library NAME] [--json]');
    return 0;
  }
  const rules = listRules().filter((r) => (!values.kind || r.kind === values.kind) && (!values.library || r.library === values.library));
  if (values.json) {
    console.log(JSON.stringify(rules));
    return 0;
  }
  for (const r of rules) {
    console.log(`${bold(r.id)}  (${r.kind}; ${r.library} ${r.since.version}${r.since.date ? `, ${r.since.date}` : ''})`);
    console.log(`  ${r.title}`);
    console.log(`  ${r.explanation.replace(/\n/g, '\n  ')}`);
  }
  console.log(`\n${rules.length} rule(s)`);
  return 0;
}
