import { listAgentViews } from '../../lib/panel/agents/agents';
import { getPanel } from '../../lib/panel/runtime';
import { AgentsTable } from '../components/agents-table';
import { ImportAgentForm } from './_components/import-agent-form';
import './styles/agent-styles';

export const metadata = { title: 'Agents · Remora' };

export const dynamic = 'force-dynamic';

export default async function AgentsPage() {
  const panel = await getPanel();
  const agents = await listAgentViews(panel);
  return (
    <>
      <div className="page-head">
        <h1>Agents</h1>
        <span className="muted">
          imported from agents/ on first start; edited here and kept in the database (the files are not changed)
        </span>
      </div>
      <section className="card" data-testid="agent-list">
        {agents.length === 0 ? (
          <p className="empty" data-testid="agents-empty">
            No agents yet. Import one below, or add a folder under <code>agents/</code> holding an{' '}
            <code>agent.yaml</code> and restart the panel.
          </p>
        ) : (
          <AgentsTable agents={agents} linkNames showChanged />
        )}
      </section>
      <ImportAgentForm agentNames={agents.map((agent) => agent.name)} />
    </>
  );
}
