import Link from 'next/link';
import type { ExperimentListView } from '../../lib/panel/experiments/experiments';
import { formatMilliseconds, formatTime, shortId } from '../../lib/panel/format';
import { SimulatedBadge, StatusBadge } from './status-badge';

type ExperimentsTableProps = {
  experiments: ExperimentListView[];
  /** The experiments page links each agent name to its results over time; the overview shows the name alone. */
  linkAgents?: boolean;
  /** Adds the "Took" column (experiments page). */
  showDuration?: boolean;
};

function duration(experiment: ExperimentListView): string {
  if (experiment.startedAt === null) return '—';
  const end = experiment.finishedAt ?? Date.now();
  return formatMilliseconds(end - experiment.startedAt);
}

/** The experiments table shared by the overview and the experiments page; the empty state stays with each page. */
export function ExperimentsTable({ experiments, linkAgents = false, showDuration = false }: ExperimentsTableProps) {
  return (
    <div className="table-scroll">
      <table>
        <thead>
          <tr>
            <th>Experiment</th>
            <th>Agent</th>
            <th>Status</th>
            <th className="number">Conversations</th>
            <th>Created (UTC)</th>
            {showDuration ? <th className="number">Took</th> : null}
          </tr>
        </thead>
        <tbody>
          {experiments.map((experiment) => (
            <tr key={experiment.id} className="clickable" data-testid="experiment-row" data-experiment={experiment.id}>
              <td>
                <Link href={`/experiments/${experiment.id}`}>
                  <code>{shortId(experiment.id)}</code>
                </Link>
              </td>
              <td>
                {linkAgents ? (
                  <Link href={`/agents/${encodeURIComponent(experiment.agentName)}/history`} title={`${experiment.agentName}'s results over time`}>
                    {experiment.agentName}
                  </Link>
                ) : (
                  experiment.agentName
                )}
              </td>
              <td>
                <StatusBadge status={experiment.status} testId="experiment-status" /> {experiment.simulated ? <SimulatedBadge /> : null}
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
