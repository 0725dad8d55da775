import Link from 'next/link';
import type { AgentView } from '../../lib/panel/agents/agents';
import { formatTime } from '../../lib/panel/format';

type AgentsTableProps = {
  agents: AgentView[];
  /** The agents page links each name to the agent; the overview shows the name alone. */
  linkNames?: boolean;
  /** Adds the "Changed (UTC)" column (agents page). */
  showChanged?: boolean;
};

function warningsText(count: number): string {
  return `${count} warning${count === 1 ? '' : 's'}`;
}

/** The agents table shared by the overview and the agents page; the empty state stays with each page. */
export function AgentsTable({ agents, linkNames = false, showChanged = false }: AgentsTableProps) {
  return (
    <div className="table-scroll">
      <table>
        <thead>
          <tr>
            <th>Agent</th>
            <th>Tools</th>
            <th className="number">Max turns</th>
            <th className="number">Inputs</th>
            <th>Definition</th>
            {showChanged ? <th>Changed (UTC)</th> : null}
          </tr>
        </thead>
        <tbody>
          {agents.map((agent) => (
            <tr key={agent.id} data-testid="agent-row" data-agent={agent.name}>
              <td>
                {linkNames ? (
                  <Link href={`/agents/${encodeURIComponent(agent.name)}`} data-testid="agent-link">
                    <strong>{agent.name}</strong>
                  </Link>
                ) : (
                  <strong>{agent.name}</strong>
                )}
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
                {agent.warnings.length > 0 ? <span className="sub">{warningsText(agent.warnings.length)}</span> : null}
              </td>
              {showChanged ? <td>{formatTime(agent.updatedAt)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
