import Link from 'next/link';
import { listAgentViews } from '../../lib/panel/agents';
import { formatTime } from '../../lib/panel/format';
import { getPanel } from '../../lib/panel/runtime';
import { ImportAgentForm } from './_components/import-agent-form';
import './agents.css';

export const dynamic = 'force-dynamic';

export default async function AgentsPage() {
  const panel = await getPanel();
  const agents = await listAgentViews(panel);
  return (
    <>
      <div className="page-head">
        <h1>Agents</h1>
        <span className="muted">imported from agents/ on first start; edited here and kept in the database (the files are not changed)</span>
      </div>
      <section className="card" data-testid="agent-list">
        {agents.length === 0 ? (
          <p className="empty" data-testid="agents-empty">
            No agents yet. Import one below, or add a folder under <code>agents/</code> holding an <code>agent.yaml</code> and restart the panel.
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
                  <th>Changed (UTC)</th>
                </tr>
              </thead>
              <tbody>
                {agents.map((agent) => (
                  <tr key={agent.id} data-testid="agent-row" data-agent={agent.name}>
                    <td>
                      <Link href={`/agents/${encodeURIComponent(agent.name)}`} data-testid="agent-link">
                        <strong>{agent.name}</strong>
                      </Link>
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
                      {agent.warnings.length > 0 ? <span className="sub">{agent.warnings.length} warning{agent.warnings.length === 1 ? '' : 's'}</span> : null}
                    </td>
                    <td>{formatTime(agent.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ImportAgentForm agentNames={agents.map((agent) => agent.name)} />
    </>
  );
}
