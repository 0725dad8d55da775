import { listEndpointViews } from '../../lib/panel/endpoints/endpoints';
import { getPanel } from '../../lib/panel/runtime';
import { EndpointManager } from './_components/endpoint-manager';
import '../agents/styles/agent-styles';
import './endpoints.css';

export const metadata = { title: 'Endpoints · Remora' };

export const dynamic = 'force-dynamic';

export default async function EndpointsPage() {
  const panel = await getPanel();
  const endpoints = listEndpointViews(panel);
  return (
    <>
      <div className="page-head">
        <h1>Endpoints</h1>
        <span className="muted">
          OpenAI-compatible model servers (vLLM, Ollama, llama.cpp) and the built-in simulator
        </span>
      </div>
      <EndpointManager initial={endpoints} />
    </>
  );
}
