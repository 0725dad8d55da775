// What the new-experiment form offers: valid agents with their saved prompt variants, endpoints,
// and stored datasets. Read on the server; the form itself only sees these plain values.
import { listDatasets } from '../../db/queries/datasets';
import { listLatestVariants } from '../../db/queries/prompt-variants';
import { listAgentViews } from '../agents/agents';
import type { PanelContext } from '../context';
import { listEndpointViews } from '../endpoints/endpoints';
import type { ExperimentFormOptions } from './form-drafts';

export async function getExperimentFormOptions(context: PanelContext): Promise<ExperimentFormOptions> {
  const agents = await listAgentViews(context);
  return {
    agents: agents
      .filter((agent) => agent.valid)
      .map((agent) => ({
        name: agent.name,
        systemPrompt: agent.systemPrompt ?? '',
        tools: agent.tools.map((tool) => tool.name),
        inputCount: agent.inputCount ?? 0,
        maxTurns: agent.maxTurns,
        savedVariants: listLatestVariants(context.database, agent.id).map((variant) => ({
          id: variant.id,
          name: variant.name,
          version: variant.version,
          systemPrompt: variant.systemPrompt,
          nodeContext: variant.nodeContext,
        })),
      })),
    invalidAgents: agents.filter((agent) => !agent.valid).map((agent) => agent.name),
    endpoints: listEndpointViews(context).map((endpoint) => ({ name: endpoint.name, model: endpoint.model, builtIn: endpoint.builtIn, baseUrl: endpoint.baseUrl })),
    datasets: listDatasets(context.database).map((dataset) => ({ id: dataset.id, name: dataset.name, caseCount: dataset.caseCount })),
  };
}
