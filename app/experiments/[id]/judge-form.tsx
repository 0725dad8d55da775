'use client';
// "Judge with a model": a model judge over this finished experiment's conversations (lib/judge),
// through a saved endpoint or a base URL and model. The key stays in the panel's environment: only
// the variable's name is given. Its pass rate then shows in the comparisons like any rate.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { callApi } from '@/app/components/api-client';

type Endpoint = { id: string; name: string; model: string };
type Result = { prompt: { name: string; version: number }; model: string; pass: number; fail: number; error: number };

export function JudgeForm({ experimentId, endpoints }: { experimentId: string; endpoints: Endpoint[] }) {
  const router = useRouter();
  const [endpointId, setEndpointId] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [model, setModel] = useState('');
  const [apiKeyEnv, setApiKeyEnv] = useState('');
  const [name, setName] = useState('judge');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function judge() {
    setBusy(true);
    setMessage('Judging…');
    const answer = await callApi<Result>(`/api/experiments/${encodeURIComponent(experimentId)}/judge`, {
      method: 'POST',
      body: {
        ...(endpointId ? { endpointId } : { baseUrl: baseUrl.trim(), model: model.trim() }),
        ...(apiKeyEnv.trim() ? { apiKeyEnv: apiKeyEnv.trim() } : {}),
        prompt: { name, text },
      },
    });
    setBusy(false);
    if (!answer.ok) return setMessage([answer.message, ...answer.reasons].join(' · '));
    const { prompt, pass, fail, error } = answer.body;
    setMessage(
      `Judged with ${answer.body.model}, prompt ${prompt.name} v${prompt.version}: ` +
        `${pass} pass, ${fail} fail, ${error} judge errors (counted as neither).`,
    );
    router.refresh();
  }

  return (
    <details className="card" data-testid="judge-form">
      <summary>Judge with a model</summary>
      <div className="form-grid">
        <div>
          <label htmlFor="judge-endpoint">Endpoint</label>
          <select id="judge-endpoint" value={endpointId} onChange={(event) => setEndpointId(event.target.value)}>
            <option value="">a base URL and model below</option>
            {endpoints.map((endpoint) => (
              <option key={endpoint.id} value={endpoint.id}>
                {endpoint.name} ({endpoint.model})
              </option>
            ))}
          </select>
        </div>
        {endpointId ? null : (
          <>
            <div>
              <label htmlFor="judge-base-url">Base URL</label>
              <input id="judge-base-url" value={baseUrl} onChange={(event) => setBaseUrl(event.target.value)} />
            </div>
            <div>
              <label htmlFor="judge-model">Model</label>
              <input id="judge-model" value={model} onChange={(event) => setModel(event.target.value)} />
            </div>
          </>
        )}
        <div>
          <label htmlFor="judge-key-env">API key variable (optional)</label>
          <input id="judge-key-env" value={apiKeyEnv} onChange={(event) => setApiKeyEnv(event.target.value)} />
        </div>
        <div>
          <label htmlFor="judge-prompt-name">Prompt name</label>
          <input id="judge-prompt-name" value={name} onChange={(event) => setName(event.target.value)} />
        </div>
      </div>
      <label htmlFor="judge-prompt">Judge prompt (a changed text is saved as a new version)</label>
      <textarea id="judge-prompt" rows={4} value={text} onChange={(event) => setText(event.target.value)} />
      <div>
        <button type="button" className="primary" disabled={busy} onClick={() => void judge()}>
          Judge the conversations
        </button>
      </div>
      {message ? (
        <p role="status" data-testid="judge-status">
          {message}
        </p>
      ) : null}
    </details>
  );
}
