import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NotFoundError } from '@/lib/errors';
import {
  HISTORY_GROUPINGS,
  HISTORY_METRICS,
  type HistoryGrouping,
  type HistoryMetric,
} from '@/lib/metrics/prepare-history';
import { getAgentHistory, type AgentHistory } from '@/lib/panel/experiments/history';
import { getPanel } from '@/lib/panel/runtime';
import { HistoryView } from './history-view';

export const metadata = { title: 'Results over time · Remora' };

export const dynamic = 'force-dynamic';

type Query = { metric?: string; by?: string; limit?: string; simulated?: string };

async function load(name: string, limit: number): Promise<AgentHistory> {
  const panel = await getPanel();
  try {
    return getAgentHistory(panel, name, { limit });
  } catch (error) {
    if (NotFoundError.is(error)) notFound();
    throw error;
  }
}

/** "The newest 60 of 75 experiments of NAME, one point per variant." */
function scopeText(history: AgentHistory, name: string): string {
  const total = history.experimentsTotal;
  const shown =
    history.experimentsShown === total ? `All ${total}` : `The newest ${history.experimentsShown} of ${total}`;
  return `${shown} experiment${total === 1 ? '' : 's'} of ${name}, one point per variant.`;
}

/** /agents/NAME/history?metric=toolCallRate&by=prompt|variant&simulated=hide&limit=60: an agent's results over time. */
export default async function AgentHistoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ name: string }>;
  searchParams: Promise<Query>;
}) {
  const { name: encoded } = await params;
  const name = decodeURIComponent(encoded);
  const query = await searchParams;
  const limit = Math.min(Math.max(Number(query.limit) || 60, 1), 500);
  const history = await load(name, limit);
  const metric = (HISTORY_METRICS as readonly string[]).includes(query.metric ?? '')
    ? (query.metric as HistoryMetric)
    : 'toolCallRate';
  const grouping = (HISTORY_GROUPINGS as readonly string[]).includes(query.by ?? '')
    ? (query.by as HistoryGrouping)
    : // One line per prompt version: a variant name can hold different prompts over time.
      'prompt';
  return (
    <>
      <div className="crumbs">
        <Link href="/">Overview</Link> / <Link href={`/experiments?agent=${encodeURIComponent(name)}`}>{name}</Link> /
        results over time
      </div>
      <div className="page-head">
        <h1>
          {name}{' '}
          <span className="muted" style={{ fontWeight: 400 }}>
            over time
          </span>
        </h1>
        <div className="actions">
          <Link
            className="button"
            href={`/experiments/new?agent=${encodeURIComponent(name)}`}
            data-testid="history-new-experiment"
          >
            New experiment
          </Link>
        </div>
      </div>
      <p className="muted" style={{ fontSize: 14, marginTop: -6 }} data-testid="history-scope">
        {history.experimentsTotal === 0 ? 'No experiments yet.' : scopeText(history, name)}
        {history.experimentsShown < history.experimentsTotal ? (
          <>
            {' '}
            <Link href={`/agents/${encodeURIComponent(name)}/history?limit=${Math.min(500, history.experimentsTotal)}`}>
              Show more
            </Link>
            .
          </>
        ) : null}
      </p>
      {history.unreadable.length > 0 ? (
        <p className="note">Left out {history.unreadable.length} experiment(s) whose stored settings cannot be read.</p>
      ) : null}
      <section className="card">
        {history.points.length === 0 ? (
          <p className="empty" data-testid="history-empty">
            No finished conversations yet for {name}.{' '}
            <Link href={`/experiments/new?agent=${encodeURIComponent(name)}`}>Run an experiment</Link> and its results
            appear here, one point per variant.
          </p>
        ) : (
          <HistoryView
            points={history.points}
            initialMetric={metric}
            initialGrouping={grouping}
            initialHideSimulated={query.simulated === 'hide'}
          />
        )}
      </section>
    </>
  );
}
