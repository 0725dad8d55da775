import Link from 'next/link';
import type { ExperimentListView } from '../../lib/panel/experiments/experiments';
import { formatTime, shortId } from '../../lib/panel/format';
import { HEADLINE_NAMES, headlineText, type Headline } from '../../lib/panel/experiments/headlines';
import { SimulatedBadge, StatusBadge } from './status-badge';

type ExperimentsTableProps = {
  experiments: ExperimentListView[];
  /** The experiments page links each agent name to its results over time; the overview shows the name alone. */
  linkAgents?: boolean;
  /** Adds the "Took" column (experiments page). */
  showDuration?: boolean;
  /** Each finished experiment's variants with their headline rate (lib/panel/experiments/headlines.ts) and interval. */
  headlines?: Map<string, Headline[]>;
};

/** Always in seconds, so that the column reads down without unit changes. */
function duration(experiment: ExperimentListView): string {
  if (experiment.startedAt === null) return '—';
  const end = experiment.finishedAt ?? Date.now();
  return `${((end - experiment.startedAt) / 1000).toFixed(1)} s`;
}

/** The experiments table shared by the overview and the experiments page; the empty state stays with each page. */
export function ExperimentsTable({
  experiments,
  linkAgents = false,
  showDuration = false,
  headlines,
}: ExperimentsTableProps) {
  return (
    <div className="table-scroll">
      <table>
        <thead>
          <tr>
            <th>Experiment</th>
            <th>Agent</th>
            {headlines ? <th>Variants · headline metric (95% interval)</th> : null}
            <th>Status</th>
            <th className="number">{headlines ? 'n' : 'Conversations'}</th>
            <th>Created (UTC)</th>
            {showDuration ? <th className="number">Took</th> : null}
          </tr>
        </thead>
        <tbody>
          {experiments.map((experiment) => (
            <tr key={experiment.id} className="clickable" data-testid="experiment-row" data-experiment={experiment.id}>
              <td>
                <Link href={`/experiments/${experiment.id}`}>
                  {experiment.name ? (
                    <span data-testid="row-name">{experiment.name}</span>
                  ) : (
                    <code>{shortId(experiment.id)}</code>
                  )}
                </Link>
                {experiment.tags.length > 0 ? <span className="sub">{experiment.tags.join(' · ')}</span> : null}
              </td>
              <td>
                {linkAgents ? (
                  <Link
                    href={`/agents/${encodeURIComponent(experiment.agentName)}/history`}
                    title={`${experiment.agentName}'s results over time`}
                  >
                    {experiment.agentName}
                  </Link>
                ) : (
                  experiment.agentName
                )}
              </td>
              {headlines ? (
                <td data-testid="row-headline">
                  {(headlines.get(experiment.id) ?? []).map((headline) => (
                    <span
                      key={headline.variant}
                      className="sub"
                      data-variant={headline.variant}
                      data-value={headline.value ?? ''}
                      data-metric={headline.metric}
                    >
                      {headline.variant}: {HEADLINE_NAMES[headline.metric]} {headlineText(headline)}
                    </span>
                  ))}
                  {headlines.has(experiment.id) ? null : <span className="muted">when it ends</span>}
                </td>
              ) : null}
              <td>
                <StatusBadge status={experiment.status} testId="experiment-status" />{' '}
                {experiment.simulated ? <SimulatedBadge /> : null}
              </td>
              <td className="number">
                {experiment.progress.done} / {experiment.progress.total}
              </td>
              <td>{formatTime(experiment.createdAt)}</td>
              {showDuration ? <td className="number">{duration(experiment)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
