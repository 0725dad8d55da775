import { listAgentViews } from '../../../lib/panel/agents';
import { listEndpointViews } from '../../../lib/panel/endpoints';
import { getPanel } from '../../../lib/panel/runtime';
import { NewExperimentForm, type FormAgent, type FormEndpoint } from '../../components/new-experiment-form';

export const dynamic = 'force-dynamic';

export default async function NewExperimentPage() {
  const panel = await getPanel();
  const agents = await listAgentViews(panel);
  const formAgents: FormAgent[] = agents
    .filter((agent) => agent.valid)
    .map((agent) => ({ name: agent.name, systemPrompt: agent.systemPrompt ?? '', tools: agent.tools.map((tool) => tool.name), inputCount: agent.inputCount ?? 0 }));
  const endpoints: FormEndpoint[] = listEndpointViews(panel).map((endpoint) => ({ name: endpoint.name, model: endpoint.model, builtIn: endpoint.builtIn, baseUrl: endpoint.baseUrl }));
  const invalid = agents.filter((agent) => !agent.valid);
  return (
    <>
      <div className="crumbs">
        <a href="/">Overview</a> / new experiment
      </div>
      <div className="page-head">
        <h1>New experiment</h1>
      </div>
      {invalid.length > 0 ? (
        <p className="note" data-testid="invalid-agents">
          Not offered because their definition has problems: {invalid.map((agent) => agent.name).join(', ')}.
        </p>
      ) : null}
      {formAgents.length === 0 ? (
        <section className="card">
          <p className="empty" data-testid="no-agents">
            There is no valid agent to run. Add one under <code>agents/</code> and restart the panel.
          </p>
        </section>
      ) : (
        <NewExperimentForm agents={formAgents} endpoints={endpoints} />
      )}
    </>
  );
}
