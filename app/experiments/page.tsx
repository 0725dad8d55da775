import Link from 'next/link';
import { listAgents } from '../../lib/db/queries/agents';
import { listExperimentViews } from '../../lib/panel/experiments/experiments';
import { getPanel } from '../../lib/panel/runtime';
import { experimentHeadlines } from '../../lib/panel/experiments/headlines';
import { ExperimentListQuery } from '../../lib/panel/experiments/requests';

export const metadata = { title: 'Experiments · Remora' };
import { ExperimentsTable } from '../components/experiments-table';
import { ExperimentFilters, type Filters } from './experiment-filters';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;

type Query = Record<string, string | string[] | undefined>;

/**
 * The list's address takes the list API's parameters (GET /api/experiments: agent, q, tag, status,
 * limit, offset), so a page and its API answer are the same query; what does not parse is left out.
 */
function readListQuery(query: Query): { filters: Filters; limit: number; offset: number } {
  const one = (key: string) => {
    const value = query[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const shape = ExperimentListQuery.shape;
  const read = <T,>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }, key: string) => {
    const parsed = schema.safeParse(one(key));
    return parsed.success ? parsed.data : undefined;
  };
  const filters: Filters = {
    agent: read(shape.agent, 'agent'),
    q: read(shape.q, 'q'),
    tag: read(shape.tag, 'tag'),
    status: read(shape.status, 'status'),
  };
  return { filters, limit: read(shape.limit, 'limit') ?? PAGE_SIZE, offset: read(shape.offset, 'offset') ?? 0 };
}

function pageLink(filters: Filters, limit: number, offset: number): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  if (limit !== PAGE_SIZE) query.set('limit', String(limit));
  if (offset > 0) query.set('offset', String(offset));
  const text = query.toString();
  return text ? `/experiments?${text}` : '/experiments';
}

/** Every experiment, newest first, 50 a page; ?agent=, ?q= (name, agent or id), ?tag= and ?status= narrow it. */
export default async function ExperimentsPage({ searchParams }: { searchParams: Promise<Query> }) {
  const { filters, limit, offset } = readListQuery(await searchParams);
  const { agent, status } = filters;
  const filtered = Boolean(filters.q || filters.tag || status);
  const page = Math.floor(offset / limit) + 1;
  const panel = await getPanel();
  // One more than a page tells whether there is a next one.
  const found = listExperimentViews(panel, {
    agent,
    q: filters.q,
    tag: filters.tag,
    status,
    limit: limit + 1,
    offset,
  });
  const experiments = found.slice(0, limit);
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
      <ExperimentFilters filters={filters} agentNames={agentNames} />
      <section className="card" data-testid="experiment-list">
        {experiments.length === 0 ? (
          <p className="empty" data-testid="experiments-empty">
            {offset > 0 ? (
              <>
                No experiments on this page. <Link href={pageLink(filters, limit, 0)}>Back to the newest</Link>.
              </>
            ) : filtered ? (
              <>
                No experiment matches these filters. <Link href={pageLink({ agent }, limit, 0)}>Clear them</Link>.
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
        {offset > 0 || found.length > limit ? (
          <div className="pager" data-testid="experiment-pager">
            {offset > 0 ? <Link href={pageLink(filters, limit, Math.max(0, offset - limit))}>← newer</Link> : null}
            <span className="muted">page {page}</span>
            {found.length > limit ? <Link href={pageLink(filters, limit, offset + limit)}>older →</Link> : null}
          </div>
        ) : null}
      </section>
    </>
  );
}
