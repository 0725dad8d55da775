'use client';
// The endpoints: list, test (GET /v1/models), add, remove. An API key is never typed here: only
// the NAME of the environment variable that holds it on the panel's machine.
import { useState, type FormEvent } from 'react';
import type { EndpointTest, EndpointView } from '@/lib/panel/endpoints/endpoints';
import { secretLikeReason } from '@/lib/panel/endpoints/key-check';
import { SimulatedBadge } from '../../components/status-badge';
import { callApi, type ApiFailure } from '../../components/api-client';
import { FailureBox } from '../../components/failure-box';

const VARIABLE_NAME = /^[A-Z_][A-Z0-9_]{0,63}$/;

type TestState = { running: boolean; result: EndpointTest | null; failure: ApiFailure | null };

/** The built-in simulator first (what a newcomer can use at once), then by name. */
function ordered(endpoints: EndpointView[]): EndpointView[] {
  return [...endpoints].sort(
    (left, right) => Number(right.builtIn) - Number(left.builtIn) || left.name.localeCompare(right.name),
  );
}

/** What is wrong with the key variable field as typed, or null. */
function keyFieldProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const secret = secretLikeReason(trimmed);
  if (secret) return `This looks like a key itself: ${secret}.`;
  if (!VARIABLE_NAME.test(trimmed))
    return (
      'Give the NAME of an environment variable: upper-case letters, digits and underscores ' + '(like OPENAI_API_KEY).'
    );
  return null;
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

export function EndpointManager({ initial }: { initial: EndpointView[] }) {
  const [endpoints, setEndpoints] = useState(() => ordered(initial));
  const [tests, setTests] = useState<Record<string, TestState>>({});
  const [form, setForm] = useState({ name: '', baseUrl: 'http://127.0.0.1:8000/v1', model: '', apiKeyEnv: '' });
  const [adding, setAdding] = useState(false);
  const [addFailure, setAddFailure] = useState<ApiFailure | null>(null);
  const [removeFailure, setRemoveFailure] = useState<ApiFailure | null>(null);
  const keyProblem = keyFieldProblem(form.apiKeyEnv);

  const test = async (id: string) => {
    setTests((current) => ({ ...current, [id]: { running: true, result: null, failure: null } }));
    const answer = await callApi<EndpointTest>(`/api/endpoints/${encodeURIComponent(id)}/test`, { method: 'POST' });
    setTests((current) => ({
      ...current,
      [id]: { running: false, result: answer.ok ? answer.body : null, failure: answer.ok ? null : answer },
    }));
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setAddFailure(null);
    setAdding(true);
    const body = {
      name: form.name.trim(),
      baseUrl: form.baseUrl.trim(),
      model: form.model.trim(),
      ...(form.apiKeyEnv.trim() ? { apiKeyEnv: form.apiKeyEnv.trim() } : {}),
    };
    const answer = await callApi<EndpointView>('/api/endpoints', { body });
    setAdding(false);
    if (!answer.ok) {
      setAddFailure(answer);
      return;
    }
    setEndpoints((current) => ordered([...current, answer.body]));
    setForm({ name: '', baseUrl: form.baseUrl, model: '', apiKeyEnv: '' });
    await test(answer.body.id);
  };

  const remove = async (endpoint: EndpointView) => {
    if (
      !window.confirm(
        `Remove the endpoint "${endpoint.name}"? Experiments that used it keep their own copy of its settings.`,
      )
    )
      return;
    setRemoveFailure(null);
    const answer = await callApi<{ deleted: true }>(`/api/endpoints/${encodeURIComponent(endpoint.id)}`, {
      method: 'DELETE',
    });
    if (!answer.ok) {
      setRemoveFailure(answer);
      return;
    }
    setEndpoints((current) => current.filter((other) => other.id !== endpoint.id));
  };

  return (
    <>
      <section className="card" data-testid="endpoint-list">
        {endpoints.length === 0 ? <p className="empty">No endpoints.</p> : null}
        {removeFailure ? <FailureBox failure={removeFailure} testId="endpoint-remove-error" /> : null}
        {endpoints.map((endpoint) => (
          <div className="endpoint" key={endpoint.id} data-testid="endpoint-row" data-endpoint={endpoint.name}>
            <div className="endpoint-head">
              <strong className="endpoint-name">{endpoint.name}</strong>
              {endpoint.builtIn ? <SimulatedBadge /> : <span className="chip">{endpoint.kind}</span>}
              <div className="endpoint-actions">
                <button
                  type="button"
                  className="secondary small"
                  onClick={() => test(endpoint.id)}
                  disabled={tests[endpoint.id]?.running}
                  data-testid="endpoint-test"
                >
                  Test
                </button>
                {endpoint.builtIn ? null : (
                  <button
                    type="button"
                    className="danger small"
                    onClick={() => remove(endpoint)}
                    data-testid="endpoint-remove"
                  >
                    Remove
                  </button>
                )}
              </div>
            </div>
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
            </dl>
            {endpoint.builtIn ? (
              <p className="muted small-text">
                Built in: behaves like vLLM serving FunctionGemma, with no GPU or weights. Its numbers are not a
                model’s: everything from it is marked simulated.
              </p>
            ) : null}
            {tests[endpoint.id] ? <TestResult state={tests[endpoint.id]} /> : null}
          </div>
        ))}
      </section>

      <section className="card" data-testid="add-endpoint">
        <div className="card-head">
          <h2>Add an endpoint</h2>
          <span className="muted">any OpenAI-compatible server; it is tested once added</span>
        </div>
        <form onSubmit={add} noValidate>
          <div className="form-grid">
            <div>
              <label htmlFor="endpoint-name">Name</label>
              <input
                id="endpoint-name"
                value={form.name}
                placeholder="local-vllm"
                onChange={(event) => setForm({ ...form, name: event.target.value })}
                data-testid="endpoint-name"
              />
            </div>
            <div className="wide-field">
              <label htmlFor="endpoint-base-url">Base URL</label>
              <input
                id="endpoint-base-url"
                value={form.baseUrl}
                onChange={(event) => setForm({ ...form, baseUrl: event.target.value })}
                data-testid="endpoint-base-url"
              />
              <div className="field-hint">up to /v1, e.g. http://127.0.0.1:8000/v1</div>
            </div>
            <div>
              <label htmlFor="endpoint-model">Model</label>
              <input
                id="endpoint-model"
                value={form.model}
                placeholder="google/functiongemma-270m-it"
                onChange={(event) => setForm({ ...form, model: event.target.value })}
                data-testid="endpoint-model"
              />
              <div className="field-hint">or a LoRA adapter’s name</div>
            </div>
            <div>
              <label htmlFor="endpoint-key">API key variable (optional)</label>
              <input
                id="endpoint-key"
                value={form.apiKeyEnv}
                placeholder="OPENAI_API_KEY"
                autoComplete="off"
                onChange={(event) => setForm({ ...form, apiKeyEnv: event.target.value })}
                aria-invalid={keyProblem !== null}
                data-testid="endpoint-key-env"
              />
              <div className={keyProblem ? 'field-hint bad-text' : 'field-hint'} data-testid="endpoint-key-hint">
                {keyProblem ?? 'the NAME of an environment variable on the panel’s machine, never the key'}
              </div>
            </div>
          </div>
          {addFailure ? <FailureBox failure={addFailure} testId="endpoint-add-error" /> : null}
          <div className="form-actions">
            <button type="submit" disabled={adding || keyProblem !== null} data-testid="endpoint-add">
              {adding ? 'Adding…' : 'Add and test'}
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
