// The experiment list's filters: a GET form, so the address holds them and the list API takes the same.
import Link from 'next/link';
import { EXPERIMENT_STATUSES } from '../../lib/db/queries/experiments';

export type Filters = { agent?: string; q?: string; tag?: string; status?: (typeof EXPERIMENT_STATUSES)[number] };

export function ExperimentFilters({ filters, agentNames }: { filters: Filters; agentNames: string[] }) {
  const { agent, status } = filters;
  return (
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
  );
}
