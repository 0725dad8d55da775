'use client';
// The form that starts an experiment: it posts to POST /api/experiments and shows the API's reasons
// when the request is refused. Prompts are edited as plain text.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';

export type FormAgent = { name: string; systemPrompt: string; tools: string[]; inputCount: number };
export type FormEndpoint = { name: string; model: string; builtIn: boolean; baseUrl: string };

type VariantDraft = { key: number; name: string; systemPrompt: string };

/** The API names fields as its JSON does; people read the form's labels. */
const FIELD_LABELS: [RegExp, string][] = [
  [/^requestsPerVariant\b/, 'Conversations per variant'],
  [/^concurrency\b/, 'Concurrency'],
  [/^temperature\b/, 'Temperature'],
  [/^maxTokens\b/, 'Max tokens'],
  [/^toolChoice\b/, 'Tool choice'],
  [/^variants\.(\d+)\.name\b/, 'Variant $1 name'],
  [/^variants\.(\d+)\.systemPrompt\b/, 'Variant $1 prompt'],
  [/^variants\b/, 'Variants'],
  [/^endpoint(\.\w+)?\b/, 'Endpoint'],
  [/^agent\b/, 'Agent'],
];

function readableReason(reason: string): string {
  for (const [pattern, label] of FIELD_LABELS) {
    const match = pattern.exec(reason);
    if (match) {
      const name = label.replace('$1', match[1] === undefined ? '' : String(Number(match[1]) + 1));
      return `${name}${reason.slice(match[0].length)}`;
    }
  }
  return reason;
}

function numberOrNull(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}

export function NewExperimentForm({ agents, endpoints }: { agents: FormAgent[]; endpoints: FormEndpoint[] }) {
  const router = useRouter();
  const [agentName, setAgentName] = useState(agents[0]?.name ?? '');
  const agent = agents.find((candidate) => candidate.name === agentName) ?? agents[0];
  const [variants, setVariants] = useState<VariantDraft[]>([
    { key: 1, name: 'baseline', systemPrompt: agent?.systemPrompt ?? '' },
    { key: 2, name: 'variant-b', systemPrompt: agent?.systemPrompt ?? '' },
  ]);
  const [nextKey, setNextKey] = useState(3);
  const [endpointName, setEndpointName] = useState(endpoints.find((endpoint) => endpoint.builtIn)?.name ?? '');
  const [requestsPerVariant, setRequestsPerVariant] = useState('20');
  const [concurrency, setConcurrency] = useState('4');
  const [toolChoice, setToolChoice] = useState('auto');
  const [temperature, setTemperature] = useState('0');
  const [maxTokens, setMaxTokens] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; reasons: string[] } | null>(null);

  const chooseAgent = (name: string) => {
    setAgentName(name);
    const chosen = agents.find((candidate) => candidate.name === name);
    // A new agent brings its own prompt; the variants start from it again.
    setVariants((current) => current.map((variant) => ({ ...variant, systemPrompt: chosen?.systemPrompt ?? '' })));
    setToolChoice('auto');
  };
  const updateVariant = (key: number, change: Partial<VariantDraft>) =>
    setVariants((current) => current.map((variant) => (variant.key === key ? { ...variant, ...change } : variant)));
  const addVariant = () => {
    setVariants((current) => [...current, { key: nextKey, name: `variant-${String.fromCharCode(96 + current.length + 1)}`, systemPrompt: agent?.systemPrompt ?? '' }]);
    setNextKey(nextKey + 1);
  };
  const removeVariant = (key: number) => setVariants((current) => current.filter((variant) => variant.key !== key));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const chosenEndpoint = endpoints.find((endpoint) => endpoint.name === endpointName);
    const body = {
      agent: agentName,
      variants: variants.map((variant) => ({ name: variant.name.trim(), systemPrompt: variant.systemPrompt })),
      endpoint: !chosenEndpoint || chosenEndpoint.builtIn ? { kind: 'simulated' } : { name: chosenEndpoint.name },
      requestsPerVariant: numberOrNull(requestsPerVariant),
      concurrency: numberOrNull(concurrency),
      toolChoice,
      temperature: numberOrNull(temperature),
      ...(maxTokens.trim() === '' ? {} : { maxTokens: numberOrNull(maxTokens) }),
    };
    setSubmitting(true);
    try {
      const response = await fetch('/api/experiments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = (await response.json().catch(() => null)) as { id?: string; error?: string; reasons?: string[] } | null;
      if (response.status === 201 && answer?.id) {
        router.push(`/experiments/${answer.id}`);
        return;
      }
      setFailure({ message: answer?.error ?? `the server answered ${response.status}`, reasons: (answer?.reasons ?? []).map(readableReason) });
    } catch (error) {
      setFailure({ message: `could not reach the panel: ${error instanceof Error ? error.message : String(error)}`, reasons: [] });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="new-experiment-form">
      <section className="card">
        <div className="form-grid">
          <div>
            <label htmlFor="agent">Agent</label>
            <select id="agent" value={agentName} onChange={(event) => chooseAgent(event.target.value)} data-testid="agent-select">
              {agents.map((candidate) => (
                <option key={candidate.name} value={candidate.name}>
                  {candidate.name}
                </option>
              ))}
            </select>
            <div className="field-hint">{agent ? `${agent.tools.length} tools, ${agent.inputCount} default inputs` : ''}</div>
          </div>
          <div>
            <label htmlFor="endpoint">Endpoint</label>
            <select id="endpoint" value={endpointName} onChange={(event) => setEndpointName(event.target.value)} data-testid="endpoint-select">
              {endpoints.map((endpoint) => (
                <option key={endpoint.name} value={endpoint.name}>
                  {endpoint.builtIn ? 'built-in simulator (simulated)' : `${endpoint.name} (${endpoint.model})`}
                </option>
              ))}
            </select>
            <div className="field-hint">The simulator needs no GPU; its numbers are marked simulated.</div>
          </div>
          <div>
            <label htmlFor="requests">Conversations per variant</label>
            <input id="requests" inputMode="numeric" value={requestsPerVariant} onChange={(event) => setRequestsPerVariant(event.target.value)} data-testid="requests-per-variant" />
          </div>
          <div>
            <label htmlFor="concurrency">Concurrency</label>
            <input id="concurrency" inputMode="numeric" value={concurrency} onChange={(event) => setConcurrency(event.target.value)} data-testid="concurrency" />
          </div>
          <div>
            <label htmlFor="tool-choice">Tool choice</label>
            <select id="tool-choice" value={toolChoice} onChange={(event) => setToolChoice(event.target.value)} data-testid="tool-choice">
              <option value="auto">auto</option>
              <option value="required">required</option>
              <option value="none">none</option>
              {(agent?.tools ?? []).map((tool) => (
                <option key={tool} value={tool}>
                  only {tool}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="temperature">Temperature</label>
            <input id="temperature" inputMode="decimal" value={temperature} onChange={(event) => setTemperature(event.target.value)} data-testid="temperature" />
          </div>
          <div>
            <label htmlFor="max-tokens">Max tokens</label>
            <input id="max-tokens" inputMode="numeric" placeholder="server default" value={maxTokens} onChange={(event) => setMaxTokens(event.target.value)} data-testid="max-tokens" />
          </div>
        </div>
      </section>

      <section className="card">
        <div className="card-head">
          <h2>Variants</h2>
          <span className="muted">each variant runs the same inputs; edit the system prompt to compare</span>
        </div>
        {variants.map((variant, index) => (
          <div className="variant-editor" key={variant.key} data-testid="variant-editor">
            <div className="variant-head">
              <div>
                <label htmlFor={`variant-name-${variant.key}`}>Variant {index + 1} name</label>
                <input id={`variant-name-${variant.key}`} value={variant.name} onChange={(event) => updateVariant(variant.key, { name: event.target.value })} data-testid="variant-name" />
              </div>
              {variants.length > 1 ? (
                <button type="button" className="secondary" onClick={() => removeVariant(variant.key)} data-testid="remove-variant">
                  Remove
                </button>
              ) : null}
            </div>
            <label htmlFor={`variant-prompt-${variant.key}`}>System prompt</label>
            <textarea id={`variant-prompt-${variant.key}`} rows={7} value={variant.systemPrompt} onChange={(event) => updateVariant(variant.key, { systemPrompt: event.target.value })} data-testid="variant-prompt" />
          </div>
        ))}
        <button type="button" className="secondary" onClick={addVariant} data-testid="add-variant">
          Add variant
        </button>
      </section>

      {failure ? (
        <div className="error-box" role="alert" data-testid="form-error">
          <strong>{failure.message}</strong>
          {failure.reasons.length > 0 ? (
            <ul>
              {failure.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="form-actions">
        <button type="submit" disabled={submitting} data-testid="start-experiment">
          {submitting ? 'Starting…' : 'Start experiment'}
        </button>
        <span className="muted">It runs on the server: you can close this page and come back.</span>
      </div>
    </form>
  );
}
