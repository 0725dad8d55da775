import Link from 'next/link';
import { compareVariants, listCompareChoices, type ComparisonView } from '../../lib/panel/compare/compare';
import { readCompareQuery, type VariantRef } from '../../lib/panel/compare/request';
import { getPanel } from '../../lib/panel/runtime';
import { variantModels, type VariantModel } from '../../lib/panel/experiments/variant-models';
import type { ComparableExperiment } from '../../lib/db/queries/compare';
import { EFFECT_NOTE } from '../../lib/metrics/describe';
import { MetricsTable } from './metrics-table';
import { PerInput } from './per-input';
import { ComparePickers } from './pickers';
import { SideCard } from './side-card';
import { TokenCostTable } from './token-cost-table';
import styles from './compare.module.css';
import { BalanceWarning } from '../components/balance-warning';
import { METRIC_LABELS } from '@/lib/metrics/describe';

export const metadata = { title: 'Compare · Remora' };

export const dynamic = 'force-dynamic';

const PAIRED_METHOD =
  'Paired by input (both sides ran the same inputs; across experiments, inputs matched by their content): ' +
  'McNemar’s exact test with Tango’s score interval for rates (a paired t over inputs of the pooled rates when ' +
  'repeats disagree or differ in number), a bootstrap over inputs with their pair for turns, its p-value the one ' +
  'that inverts its interval.';
const UNPAIRED_METHOD =
  'Unpaired (the two sides did not run the same inputs): Newcombe’s interval from the input-clustered Wilson ' +
  'intervals, and the p-value that inverts it, for rates; a bootstrap over inputs for turns.';

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? undefined : text;
}

/** The people-facing reasons of a refused comparison (unknown variant, bad address...). */
function problemsOf(error: unknown): { message: string; reasons: string[] } | null {
  if (!(error instanceof Error)) return null;
  const fault = (error as { fault?: unknown }).fault;
  if (fault !== 'input') return null;
  const problems = (error as { problems?: unknown }).problems;
  return { message: error.message, reasons: Array.isArray(problems) ? problems.map(String) : [] };
}

/**
 * Defaults for the pickers: what the address names, or the first two variants of ?experiment=, or
 * of the newest experiment with two.
 */
function preselected(
  search: SearchParams,
  choices: ComparableExperiment[],
): { a: VariantRef | null; b: VariantRef | null } {
  const named = (key: 'a' | 'b'): VariantRef | null => {
    const text = first(search[key]);
    const colon = text?.indexOf(':') ?? -1;
    return text && colon > 0 ? { experimentId: text.slice(0, colon), variant: text.slice(colon + 1) } : null;
  };
  const newest = named('a') || named('b') ? undefined : choices.find((choice) => choice.variants.length > 1);
  const experiment = choices.find((choice) => choice.id === first(search.experiment)) ?? newest;
  const a = named('a') ?? (experiment ? { experimentId: experiment.id, variant: experiment.variants[0] } : null);
  const b =
    named('b') ??
    (experiment && experiment.variants.length > 1
      ? { experimentId: experiment.id, variant: experiment.variants[1] }
      : null);
  return { a, b };
}

export default async function ComparePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const search = await searchParams;
  const panel = await getPanel();
  const choices = listCompareChoices(panel);
  const asked = first(search.a) !== undefined || first(search.b) !== undefined;
  let view: ComparisonView | null = null;
  let problem: { message: string; reasons: string[] } | null = null;
  const { a, b } = preselected(search, choices);
  try {
    if (asked) {
      const query = readCompareQuery(search);
      view = compareVariants(panel, query.a, query.b, {
        filter: query.filter,
        order: query.order,
        query: query.q,
        page: query.page,
      });
    } else if (a && b && first(search.experiment) !== undefined) {
      // An experiment named (its "Compare" link): its first two variants' results, no form to submit
      // first. A bare /compare only fills the pickers: on a large database a comparison nobody
      // asked for took seconds.
      view = compareVariants(panel, a, b);
    }
  } catch (error) {
    problem = problemsOf(error);
    if (!problem) throw error;
  }
  return (
    <>
      <div className="crumbs">
        <Link href="/">Overview</Link> / compare
      </div>
      <div className="page-head">
        <h1>Compare two variants</h1>
        <span className="muted">of one experiment or of two</span>
      </div>
      <section className="card">
        <ComparePickers choices={choices} a={a} b={b} />
      </section>
      {problem ? (
        <div className="error-box" data-testid="compare-error">
          {problem.message}
          {problem.reasons.length > 0 ? (
            <ul>
              {problem.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {view ? (
        <Comparison
          view={view}
          models={[view.a, view.b].map((side) =>
            variantModels(panel.database, side.experiment.id).get(side.ref.variant),
          )}
        />
      ) : null}
    </>
  );
}

function Comparison({ view, models }: { view: ComparisonView; models: (VariantModel | undefined)[] }) {
  const simulated = view.a.experiment.simulated || view.b.experiment.simulated;
  const paired = view.metrics.metrics.some((metric) => metric.comparison.paired);
  const method = paired ? PAIRED_METHOD : UNPAIRED_METHOD;
  return (
    <>
      <div className={styles.sides}>
        <SideCard side={view.a} which="a" conversations={view.metrics.a.conversations} model={models[0]} />
        <SideCard side={view.b} which="b" conversations={view.metrics.b.conversations} model={models[1]} />
      </div>
      {simulated ? <p className="note">Numbers from the simulated endpoint are not a model&apos;s numbers.</p> : null}
      <section className="card" data-testid="compare-summary">
        <h2>Metrics</h2>
        <BalanceWarning warnings={view.metrics.balance?.warnings} />
        {view.metrics.primaryMetric ? (
          <p className="muted" data-testid="compare-primary-metric">
            {METRIC_LABELS[view.metrics.primaryMetric]} was chosen as the primary metric before the run
            {view.a.experiment.id === view.b.experiment.id ? '' : 's'}: its comparison decides, the others are
            exploratory.
          </p>
        ) : null}
        <MetricsTable metrics={view.metrics} />
        <p className="muted" style={{ fontSize: 12 }}>
          The plot shows B − A and its 95% interval (dashed line: no difference; orange: B higher, blue: A higher, grey:
          inconclusive). Computed as within an experiment, each input counted once however often it was repeated;{' '}
          {EFFECT_NOTE}. <span data-testid="compare-method">{method}</span> A difference whose interval holds 0 is
          inconclusive, and the sentence says how many more distinct inputs would tell.
        </p>
        <h3>Tokens and cost</h3>
        <TokenCostTable view={view} />
      </section>
      <PerInput view={view} />
    </>
  );
}
