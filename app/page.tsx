import Link from 'next/link';
import { listAgentViews, type AgentView } from '../lib/panel/agents';
import { listExperimentViews, type ExperimentListView } from '../lib/panel/experiments';
import { formatTime, shortId } from '../lib/panel/format';
import { getPanel } from '../lib/panel/runtime';
import { SimulatedBadge, StatusBadge } from './components/status-badge';

export const dynamic = 'force-dynamic';

export default async function HomePage() {
  const panel = await getPanel();
  const [agents, experiments] = await Promise.all([listAgentViews(panel), Promise.resolve(listExperimentViews(panel, { limit: 25 }))]);
  return (
    <>
      <div className="page-head">
        <h1>Overview</h1>
        <div className="actions">
          <Link className="button" href="/experiments/new" data-testid="new-experiment-link">
            New experiment
          </Link>
        </div>
      </div>
      <AgentsCard agents={agents} />
      <ExperimentsCard experiments={experiments} />
    </>
  );
}

function AgentsCard({ agents }: { agents: AgentView[] }) {
  return (
    <section className="card" data-testid="agents">
      <div className="card-head">
        <h2>Agents</h2>
        <span className="muted">imported from agents/ on first start, kept in the database afterwards</span>
      </div>
      {agents.length === 0 ? (
        <p className="empty" data-testid="agents-empty">
          No agents yet. Add a folder under <code>agents/</code> holding an <code>agent.yaml</code>, then restart the panel.
        </p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th>Agent</th>
                <th>Tools</th>
                <th className="number">Max turns</th>
                <th className="number">Inputs</th>
                <th>Definition</th>
              </tr>
            </thead>
            <tbody>
              {agents.map((agent) => (
                <tr key={agent.id} data-testid="agent-row" data-agent={agent.name}>
                  <td>
                    <strong>{agent.name}</strong>
                    {agent.description ? <span className="sub">{agent.description}</span> : null}
                  </td>
                  <td>
                    <div className="chips">
                      {agent.tools.map((tool) => (
                        <span className="chip" key={tool.name} title={tool.description}>
                          {tool.name}
                        </span>
                      ))}
                    </div>
                  </td>
                  <td className="number">{agent.maxTurns ?? '—'}</td>
                  <td className="number">{agent.inputCount ?? '—'}</td>
                  <td>
                    {agent.valid ? (
                      <span className="badge valid">valid</span>
                    ) : (
                      <span className="badge invalid" title={agent.problems.join('\n')}>
                        {agent.problems.length} problem{agent.problems.length === 1 ? '' : 's'}
                      </span>
                    )}
                    {agent.warnings.length > 0 ? <span className="sub">{agent.warnings.length} warning(s)</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ExperimentsCard({ experiments }: { experiments: ExperimentListView[] }) {
  return (
    <section className="card" data-testid="experiments">
      <div className="card-head">
        <h2>Recent experiments</h2>
        <span className="muted">newest first</span>
      </div>
      {experiments.length === 0 ? (
        <p className="empty" data-testid="experiments-empty">
          No experiments yet. <Link href="/experiments/new">Start one on the built-in simulator</Link>: it runs on any machine, no model server needed.
        </p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th>Experiment</th>
                <th>Agent</th>
                <th>Status</th>
                <th className="number">Conversations</th>
                <th>Created (UTC)</th>
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
                  <td>{experiment.agentName}</td>
                  <td>
                    <StatusBadge status={experiment.status} testId="experiment-status" /> {experiment.simulated ? <SimulatedBadge /> : null}
                  </td>
                  <td className="number">
                    {experiment.progress.done} / {experiment.progress.total}
                  </td>
                  <td>{formatTime(experiment.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
