import { PythonInputs } from '@/lib/api/agents';
import { apiRoute, json } from '@/lib/http/api-route';
import { readJsonBody, readParams } from '@/lib/http/read-request';
import { pythonInputs } from '@/lib/panel/agents/inputs';
import { AgentNameParams, PythonInputsRequest } from '@/lib/panel/agents/requests';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/**
 * Inputs from Python files and folders on this machine: `mode: "preview"` lists the nodes found,
 * `replace` or `append` also stores them as the agent's inputs (in its stored definition).
 */
export const POST = apiRoute(
  async (request, context: { params: Promise<{ name: string }> }) => {
    const { name } = await readParams(context.params, AgentNameParams);
    const body = await readJsonBody(request, PythonInputsRequest);
    const panel = await getPanel();
    const result = await pythonInputs(panel, name, body);
    return json(result, result.saved ? 201 : 200);
  },
  { response: PythonInputs },
);
