import Link from 'next/link';
import { listAgentViews, type AgentView } from '../lib/panel/agents/agents';
import { listExperimentViews, type ExperimentListView } from '../lib/panel/experiments/experiments';
import { getPanel } from '../lib/panel/runtime';
import { AgentsTable } from './components/agents-table';
import { ExperimentsTable } from './components/experiments-table';

export const metadata = { title: 'Overview · Remora' };

export const dynamic = 'force-dynamic';

export default async function HomePage() {
  const panel = await getPanel();
  const [agents, experiments] = await Promise.all([
    listAgentViews(panel),
    Promise.resolve(listExperimentViews(panel, { limit: 25 })),
  ]);
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
          No agents yet. Add a folder under <code>agents/</code> holding an <code>agent.yaml</code>, then restart the
          panel.
        </p>
      ) : (
        <AgentsTable agents={agents} />
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
          No experiments yet. <Link href="/experiments/new">Start one on the built-in simulator</Link>: it runs on any
          machine, no model server needed.
        </p>
      ) : (
        <ExperimentsTable experiments={experiments} />
      )}
    </section>
  );
}
