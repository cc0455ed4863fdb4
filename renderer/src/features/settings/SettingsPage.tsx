// Settings: the defaults new jobs get (iterations, timeout, τ, runs, α, fixers, runtime) and the LLM provider with
// its price table and budgets. The API key never comes back from the host: the page only shows whether one is
// stored, and can replace or remove it.
import { FormEvent, useEffect, useState } from 'react';
import type { NbreviveApi } from '../../../../shared/contracts/api';
import type { AppSettings } from '../../../../shared/contracts/schemas';
import { useApp, useNotifyError } from '../../app/context';
import { formatUrlMap, parseUrlMap } from '../../lib/url-map-text';
import { TableHead } from '../../ui/TableHead';
import { BuiltInPrices, PriceRow, PriceRowEditor } from './PriceRows';

interface Form {
  maxIterations: string;
  timeoutMin: string;
  tolerance: string;
  fidelityThreshold: string;
  runs: string;
  alpha: string;
  runtime: 'local' | 'docker';
  python: string;
  image: string;
  rules: boolean;
  llm: boolean;
  baseUrl: string;
  model: string;
  budgetUsd: string;
  totalBudgetUsd: string;
  apiKey: string;
  /** the user's prices: model, USD per 1M input and output tokens */
  prices: PriceRow[];
  /** the user's URL map, one `URL  local path` per line */
  urlMap: string;
}

type NumberField = 'maxIterations' | 'timeoutMin' | 'tolerance' | 'fidelityThreshold' | 'runs' | 'alpha';

/** The numeric job defaults, in the order the form shows them. */
const DEFAULT_NUMBER_FIELDS: [NumberField, string][] = [
  ['maxIterations', 'Max iterations'],
  ['timeoutMin', 'Timeout per run (minutes)'],
  ['tolerance', 'Tolerance τ (relative score deviation)'],
  [
    'fidelityThreshold',
    "Fidelity threshold (0–1; without a target, the share of the author's outputs a run must reproduce)",
  ],
  ['runs', 'Runs per iteration'],
  ['alpha', 'Significance α (t-test when runs > 1)'],
];

function toForm(s: AppSettings): Form {
  return {
    maxIterations: String(s.defaults.maxIterations),
    timeoutMin: String(s.defaults.timeoutMs / 60_000),
    tolerance: String(s.defaults.tolerance),
    fidelityThreshold: String(s.defaults.fidelityThreshold),
    runs: String(s.defaults.runs),
    alpha: String(s.defaults.alpha),
    runtime: s.defaults.runtime,
    python: s.defaults.python ?? '',
    image: s.defaults.image ?? '',
    rules: s.defaults.fixers.includes('rules'),
    llm: s.defaults.fixers.includes('llm'),
    baseUrl: s.llm.baseUrl ?? '',
    model: s.llm.model ?? '',
    budgetUsd: s.llm.budgetUsd === null ? '' : String(s.llm.budgetUsd),
    totalBudgetUsd: s.llm.totalBudgetUsd === null ? '' : String(s.llm.totalBudgetUsd),
    apiKey: '',
    prices: Object.entries(s.llm.prices).map(([model, p]) => ({
      model,
      input: String(p.inputPerMTok),
      output: String(p.outputPerMTok),
    })),
    urlMap: formatUrlMap(s.defaults.urlMap ?? {}),
  };
}

function fidelityThresholdOf(text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new Error('the fidelity threshold must be a number from 0 to 1');
  return n;
}

type SettingsSetInput = Parameters<NbreviveApi['settingsSet']>[0];

/** The settings the form asks for, checked; throws an Error naming the first field that is not valid. */
function settingsOf(form: Form, extra: { apiKey?: string | null }): SettingsSetInput {
  const num = (v: string, name: string, int = false) => {
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n) || (int && !Number.isInteger(n)))
      throw new Error(`${name} must be a${int ? 'n integer' : ' number'}`);
    return n;
  };
  const prices: Record<string, { inputPerMTok: number; outputPerMTok: number }> = {};
  for (const row of form.prices) {
    const model = row.model.trim();
    if (!model && !row.input.trim() && !row.output.trim()) continue;
    if (!model) throw new Error('each price needs a model name');
    if (prices[model]) throw new Error(`${model} is priced twice`);
    const inputPerMTok = num(row.input, `input price of ${model}`);
    const outputPerMTok = num(row.output, `output price of ${model}`);
    if (inputPerMTok < 0 || outputPerMTok < 0) throw new Error(`prices of ${model} must not be negative`);
    prices[model] = { inputPerMTok, outputPerMTok };
  }
  const fixers = [...(form.rules ? ['rules' as const] : []), ...(form.llm ? ['llm' as const] : [])];
  if (!fixers.length) throw new Error('choose at least one fixer (rules or LLM)');
  return {
    defaults: {
      maxIterations: num(form.maxIterations, 'max iterations', true),
      timeoutMs: Math.round(num(form.timeoutMin, 'timeout') * 60_000),
      tolerance: num(form.tolerance, 'τ'),
      fidelityThreshold: fidelityThresholdOf(form.fidelityThreshold),
      runs: num(form.runs, 'runs', true),
      alpha: num(form.alpha, 'α'),
      runtime: form.runtime,
      python: form.python.trim() || null,
      image: form.image.trim() || null,
      fixers,
      urlMap: parseUrlMap(form.urlMap),
    },
    llm: {
      baseUrl: form.baseUrl.trim() || null,
      model: form.model.trim() || null,
      budgetUsd: form.budgetUsd.trim() === '' ? null : num(form.budgetUsd, 'budget per job'),
      totalBudgetUsd: form.totalBudgetUsd.trim() === '' ? null : num(form.totalBudgetUsd, 'budget for all jobs'),
      prices,
      ...(extra.apiKey !== undefined ? { apiKey: extra.apiKey } : form.apiKey ? { apiKey: form.apiKey } : {}),
    },
  };
}

/** What a section of the form edits: the form, and one field's setter. */
interface SectionProps {
  form: Form;
  set: <K extends keyof Form>(k: K, v: Form[K]) => void;
}

export function SettingsPage() {
  const { api, notify } = useApp();
  const notifyError = useNotifyError();
  const [settings, setSettings] = useState<AppSettings | null>(null);
  const [form, setForm] = useState<Form | null>(null);

  useEffect(() => {
    api.settingsGet({}).then((s) => {
      setSettings(s);
      setForm(toForm(s));
    }, notifyError);
  }, [api, notify]);

  if (!form || !settings)
    return (
      <div className="page">
        <p className="muted">Loading settings…</p>
      </div>
    );
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm({ ...form, [k]: v });

  const save = async (e: FormEvent, extra: { apiKey?: string | null } = {}) => {
    e.preventDefault();
    try {
      const next = await api.settingsSet(settingsOf(form, extra));
      setSettings(next);
      setForm(toForm(next));
      notify('Settings saved');
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <div className="page settings-page">
      <h1>Settings</h1>
      <form onSubmit={(e) => void save(e)} className="settings-grid">
        <JobDefaults form={form} set={set} />
        <LlmProvider
          form={form}
          set={set}
          hasKey={settings.llm.hasKey}
          removeKey={(e) => void save(e, { apiKey: null })}
        />
        <Prices form={form} set={set} defaultPrices={settings.llm.defaultPrices} />
        <div className="row">
          <button type="submit" className="primary">
            Save settings
          </button>
        </div>
      </form>
    </div>
  );
}

function JobDefaults({ form, set }: SectionProps) {
  return (
    <section className="panel" aria-labelledby="defaults-title">
      <h2 id="defaults-title">Defaults for new jobs</h2>
      <div className="fields">
        {DEFAULT_NUMBER_FIELDS.map(([key, label]) => (
          <Field key={key} label={label} value={form[key]} onChange={(v) => set(key, v)} type="number" />
        ))}
        <label>
          Runtime
          <select value={form.runtime} onChange={(e) => set('runtime', e.target.value as Form['runtime'])}>
            <option value="local">local Python</option>
            <option value="docker">Docker</option>
          </select>
        </label>
        <Field label="Python (empty: detected)" value={form.python} onChange={(v) => set('python', v)} />
        <Field label="Docker image (empty: default)" value={form.image} onChange={(v) => set('image', v)} />
        <label className="wide">
          URL map: runs have no network, so the kernel serves these URLs from local files (one &quot;URL path&quot; per
          line; a case&apos;s own data.urls wins)
          <textarea
            aria-label="URL map"
            rows={3}
            value={form.urlMap}
            onChange={(e) => set('urlMap', e.target.value)}
            spellCheck={false}
            placeholder="https://example.org/train.csv  /data/train.csv"
          />
        </label>
        <fieldset>
          <legend>Fixers</legend>
          <label>
            <input type="checkbox" checked={form.rules} onChange={(e) => set('rules', e.target.checked)} /> rules
          </label>
          <label>
            <input type="checkbox" checked={form.llm} onChange={(e) => set('llm', e.target.checked)} /> LLM
          </label>
        </fieldset>
      </div>
    </section>
  );
}

function LlmProvider({
  form,
  set,
  hasKey,
  removeKey,
}: SectionProps & { hasKey: boolean; removeKey: (e: FormEvent) => void }) {
  return (
    <section className="panel" aria-labelledby="llm-title">
      <h2 id="llm-title">LLM provider</h2>
      <div className="fields">
        <Field label="Base URL (OpenAI-compatible)" value={form.baseUrl} onChange={(v) => set('baseUrl', v)} />
        <Field label="Model" value={form.model} onChange={(v) => set('model', v)} />
        <Field
          label="Budget per job (USD, empty: none)"
          value={form.budgetUsd}
          onChange={(v) => set('budgetUsd', v)}
          type="number"
        />
        <Field
          label="Budget for all jobs together (USD, empty: none)"
          value={form.totalBudgetUsd}
          onChange={(v) => set('totalBudgetUsd', v)}
          type="number"
        />
        <div>
          API key:{' '}
          <b data-testid="key-state" className={hasKey ? 'ok' : 'muted'}>
            {hasKey ? 'set' : 'not set'}
          </b>
          {hasKey && (
            <button type="button" onClick={removeKey}>
              Remove key
            </button>
          )}
        </div>
        <Field
          label={hasKey ? 'Replace API key' : 'API key'}
          value={form.apiKey}
          onChange={(v) => set('apiKey', v)}
          type="password"
        />
      </div>
    </section>
  );
}

/** The user's price table, and the built-in list a row can be copied from to override it. */
function Prices({ form, set, defaultPrices }: SectionProps & { defaultPrices: AppSettings['llm']['defaultPrices'] }) {
  return (
    <section className="panel" aria-labelledby="prices-title">
      <h2 id="prices-title">Prices (USD per 1M tokens)</h2>
      <p className="muted small">
        Your prices override the built-in list; a model is matched by its name or the longest priced prefix
        (gpt-4o-mini-2024-07-18 → gpt-4o-mini). Models on a local server cost $0 unless priced here. Every fix's cost is
        shown on its job.
      </p>
      <table className="plain prices" aria-label="your prices">
        <TableHead columns={['Model', 'Input', 'Output', '']} />
        <tbody>
          {form.prices.map((row, i) => (
            <PriceRowEditor
              key={i}
              row={row}
              index={i}
              change={(patch) =>
                set(
                  'prices',
                  form.prices.map((r, k) => (k === i ? { ...r, ...patch } : r)),
                )
              }
              remove={() =>
                set(
                  'prices',
                  form.prices.filter((_, k) => k !== i),
                )
              }
            />
          ))}
        </tbody>
      </table>
      <button
        type="button"
        onClick={() => set('prices', [...form.prices, { model: form.model.trim(), input: '', output: '' }])}
      >
        Add a price
      </button>
      <BuiltInPrices
        prices={defaultPrices}
        overridden={(model) => form.prices.some((r) => r.model === model)}
        override={(row) => set('prices', [...form.prices, row])}
      />
    </section>
  );
}

function Field({
  label,
  value,
  onChange,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  type?: string;
}) {
  return (
    <label>
      {label}
      <input
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        step={type === 'number' ? 'any' : undefined}
        autoComplete="off"
      />
    </label>
  );
}
