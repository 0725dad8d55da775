import Link from 'next/link';
import { listAgents } from '../../lib/db/queries/agents';
import { listExperimentViews } from '../../lib/panel/experiments/experiments';
import { getPanel } from '../../lib/panel/runtime';
import { experimentHeadlines } from '../../lib/panel/experiments/headlines';
import { EXPERIMENT_STATUSES } from '../../lib/db/queries/experiments';

export const metadata = { title: 'Experiments · Remora' };
import { ExperimentsTable } from '../components/experiments-table';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;

type Query = { agent?: string; page?: string; q?: string; tag?: string; status?: string };
type Filters = { agent?: string; q?: string; tag?: string; status?: (typeof EXPERIMENT_STATUSES)[number] };

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : undefined;
}

function pageNumber(text: string | undefined): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

function pageLink(filters: Filters, page: number): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `/experiments?${text}` : '/experiments';
}

/** Every experiment, newest first, 50 a page; ?agent=, ?q= (name, agent or id), ?tag= and ?status= narrow it. */
export default async function ExperimentsPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const agent = text(query.agent);
  const status = EXPERIMENT_STATUSES.find((known) => known === query.status);
  const filters: Filters = { agent, q: text(query.q), tag: text(query.tag), status };
  const filtered = Boolean(filters.q || filters.tag || status);
  const page = pageNumber(typeof query.page === 'string' ? query.page : undefined);
  const panel = await getPanel();
  // One more than a page tells whether there is a next one.
  const found = listExperimentViews(panel, {
    agent,
    text: filters.q,
    tag: filters.tag,
    status,
    limit: PAGE_SIZE + 1,
    offset: (page - 1) * PAGE_SIZE,
  });
  const experiments = found.slice(0, PAGE_SIZE);
  const agentNames = listAgents(panel.database).map((row) => row.name);
  return (
    <>
      <div className="crumbs">
        <Link href="/">Overview</Link> / experiments
      </div>
      <div className="page-head">
        <h1>Experiments</h1>
        <div className="actions">
          <Link
            className="button"
            href={agent ? `/experiments/new?agent=${encodeURIComponent(agent)}` : '/experiments/new'}
            data-testid="new-experiment-link"
          >
            New experiment
          </Link>
        </div>
      </div>
      <form className="filters" method="get" action="/experiments" data-testid="experiment-filters">
        <div>
          <label htmlFor="agent-filter">Agent</label>
          <select id="agent-filter" name="agent" defaultValue={agent ?? ''}>
            <option value="">all agents</option>
            {agentNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="text-filter">Name</label>
          <input
            id="text-filter"
            name="q"
            type="search"
            defaultValue={filters.q ?? ''}
            placeholder="name, agent or id"
            data-testid="experiment-text-filter"
          />
        </div>
        <div>
          <label htmlFor="tag-filter">Tag</label>
          <input id="tag-filter" name="tag" defaultValue={filters.tag ?? ''} data-testid="experiment-tag-filter" />
        </div>
        <div>
          <label htmlFor="status-filter">Status</label>
          <select id="status-filter" name="status" defaultValue={status ?? ''} data-testid="experiment-status-filter">
            <option value="">any status</option>
            {EXPERIMENT_STATUSES.map((known) => (
              <option key={known} value={known}>
                {known}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="secondary" data-testid="experiment-filter-submit">
          Filter
        </button>
        {agent ? (
          <Link
            href={`/agents/${encodeURIComponent(agent)}/history`}
            data-testid="agent-history-link"
            style={{ fontSize: 14, alignSelf: 'center' }}
          >
            {agent}&apos;s results over time →
          </Link>
        ) : null}
      </form>
      <section className="card" data-testid="experiment-list">
        {experiments.length === 0 ? (
          <p className="empty" data-testid="experiments-empty">
            {page > 1 ? (
              <>
                No experiments on this page. <Link href={pageLink(filters, 1)}>Back to the newest</Link>.
              </>
            ) : filtered ? (
              <>
                No experiment matches these filters. <Link href={pageLink({ agent }, 1)}>Clear them</Link>.
              </>
            ) : agent ? (
              <>
                No experiments for {agent} yet.{' '}
                <Link href={`/experiments/new?agent=${encodeURIComponent(agent)}`}>Start one</Link>.
              </>
            ) : (
              <>
                No experiments yet. <Link href="/experiments/new">Start one on the built-in simulator</Link>: it runs on
                any machine, with no model server, and marks its numbers simulated.
              </>
            )}
          </p>
        ) : (
          <ExperimentsTable
            experiments={experiments}
            linkAgents
            showDuration
            headlines={experimentHeadlines(panel, experiments)}
          />
        )}
        {page > 1 || found.length > PAGE_SIZE ? (
          <div className="pager" data-testid="experiment-pager">
            {page > 1 ? <Link href={pageLink(filters, page - 1)}>← newer</Link> : null}
            <span className="muted">page {page}</span>
            {found.length > PAGE_SIZE ? <Link href={pageLink(filters, page + 1)}>older →</Link> : null}
          </div>
        ) : null}
      </section>
    </>
  );
}
