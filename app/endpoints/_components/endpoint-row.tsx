'use client';
// One endpoint on the endpoints page: its facts (URL, model, key variable, timeouts, prices) or its
// edit form, its Test, Edit and Remove buttons, and its last test's result.
import { useState } from 'react';
import type { EndpointView } from '@/lib/panel/endpoints/endpoints';
import { DEFAULT_REQUEST_TIMEOUTS, type RequestTimeouts } from '@/lib/runner/request-timeouts';
import { SimulatedBadge } from '../../components/status-badge';
import { FailureBox } from '../../components/failure-box';
import type { ApiFailure } from '../../components/api-client';
import { EditEndpointForm } from './edit-endpoint-form';
import type { TestState } from './use-endpoints';

const TIMEOUT_PARTS: [keyof RequestTimeouts, string][] = [
  ['firstByteMs', 'first byte'],
  ['idleMs', 'idle'],
  ['totalMs', 'total'],
];

/** "first byte 60 s (default) · idle 5 s · total 300 s (default)". */
function timeoutsText(timeouts: Partial<RequestTimeouts>): string {
  return TIMEOUT_PARTS.map(([key, label]) => {
    const set = timeouts[key];
    return set === undefined
      ? `${label} ${DEFAULT_REQUEST_TIMEOUTS[key] / 1000} s (default)`
      : `${label} ${Number((set / 1000).toFixed(3))} s`;
  }).join(' · ');
}

function TestResult({ state }: { state: TestState }) {
  if (state.running) return <span className="muted">testing…</span>;
  if (state.failure) return <FailureBox failure={state.failure} testId="endpoint-test-error" />;
  const result = state.result;
  if (!result) return null;
  if (!result.reachable) {
    return (
      <div className="test-result bad" data-testid="endpoint-test-result" data-reachable="false">
        <strong>Not reachable:</strong> {result.error}
      </div>
    );
  }
  return (
    <div
      className={`test-result ${result.httpStatus === 200 ? 'good' : 'bad'}`}
      data-testid="endpoint-test-result"
      data-reachable="true"
    >
      <strong>
        {result.httpStatus === 200 ? 'Reachable' : `Reachable, but GET /models answered ${result.httpStatus}`}
      </strong>
      {result.simulated ? (
        <>
          {' '}
          · <SimulatedBadge />
        </>
      ) : null}
      {result.apiKey === 'missing' ? (
        <span className="bad-text"> · the key variable is not set on the panel’s machine</span>
      ) : null}
      {result.apiKey === 'present' ? <span> · key variable set</span> : null}
      {result.models.length > 0 ? (
        <div>
          Models and adapters it lists:{' '}
          <span className="chips inline" data-testid="endpoint-models">
            {result.models.map((model) => (
              <span className="chip" key={model}>
                {model}
              </span>
            ))}
          </span>
        </div>
      ) : result.httpStatus === 200 ? (
        <div className="muted">It lists no models.</div>
      ) : null}
    </div>
  );
}

function EndpointFacts({ endpoint }: { endpoint: EndpointView }) {
  const prices = endpoint.pricePerMillionTokens;
  return (
    <dl className="facts endpoint-facts">
      <div>
        <dt>Base URL</dt>
        <dd>
          <code data-testid="endpoint-url">{endpoint.baseUrl}</code>
        </dd>
      </div>
      <div>
        <dt>Model</dt>
        <dd>
          <code>{endpoint.model}</code>
        </dd>
      </div>
      <div>
        <dt>API key</dt>
        <dd>
          {endpoint.apiKeyEnv ? (
            <>
              from <code>${endpoint.apiKeyEnv}</code>
            </>
          ) : (
            'none'
          )}
        </dd>
      </div>
      <div>
        <dt>Timeouts</dt>
        <dd data-testid="endpoint-timeouts">{timeoutsText(endpoint.requestTimeouts)}</dd>
      </div>
      <div>
        <dt>Price per million tokens</dt>
        <dd data-testid="endpoint-prices">
          {prices ? `${prices.input} in · ${prices.output} out` : 'not set (no cost shown)'}
        </dd>
      </div>
    </dl>
  );
}

export function EndpointRow({
  endpoint,
  test,
  onTest,
  onRemove,
  onSave,
}: {
  endpoint: EndpointView;
  test: TestState | undefined;
  onTest: () => void;
  onRemove: () => void;
  onSave: (body: Record<string, unknown>) => Promise<ApiFailure | null>;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="endpoint" data-testid="endpoint-row" data-endpoint={endpoint.name}>
      <div className="endpoint-head">
        <strong className="endpoint-name">{endpoint.name}</strong>
        {endpoint.builtIn ? <SimulatedBadge /> : <span className="chip">{endpoint.kind}</span>}
        <div className="endpoint-actions">
          <button
            type="button"
            className="secondary small"
            onClick={onTest}
            disabled={test?.running}
            data-testid="endpoint-test"
          >
            Test
          </button>
          {endpoint.builtIn ? null : (
            <>
              <button
                type="button"
                className="secondary small"
                onClick={() => setEditing(!editing)}
                aria-expanded={editing}
                data-testid="endpoint-edit"
              >
                Edit
              </button>
              <button type="button" className="danger small" onClick={onRemove} data-testid="endpoint-remove">
                Remove
              </button>
            </>
          )}
        </div>
      </div>
      {editing ? (
        <EditEndpointForm endpoint={endpoint} save={onSave} close={() => setEditing(false)} />
      ) : (
        <EndpointFacts endpoint={endpoint} />
      )}
      {endpoint.builtIn ? (
        <p className="muted small-text">
          Built in: behaves like vLLM serving FunctionGemma, with no GPU or weights. Its numbers are not a model’s:
          everything from it is marked simulated.
        </p>
      ) : null}
      {test ? <TestResult state={test} /> : null}
    </div>
  );
}
