'use client';
// "Add an endpoint": its fields (endpoint-fields.tsx), sent as POST /api/endpoints, then tested.
import { useState, type FormEvent } from 'react';
import type { ApiFailure } from '../../components/api-client';
import { FailureBox } from '../../components/failure-box';
import { EndpointFields } from './endpoint-fields';
import { EMPTY_FORM, endpointRequestBody, formProblems, type EndpointFormValues } from './endpoint-form-values';

export function AddEndpointForm({ add }: { add: (body: Record<string, unknown>) => Promise<ApiFailure | null> }) {
  const [form, setForm] = useState(EMPTY_FORM);
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const set = (change: Partial<EndpointFormValues>) => setForm((current) => ({ ...current, ...change }));
  const blocked = formProblems(form) !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setAdding(true);
    const problem = await add(endpointRequestBody(form));
    setAdding(false);
    setFailure(problem);
    // Added: a fresh form for the next one, on the same server address.
    if (!problem) setForm({ ...EMPTY_FORM, baseUrl: form.baseUrl });
  };

  return (
    <section className="card" data-testid="add-endpoint">
      <div className="card-head">
        <h2>Add an endpoint</h2>
        <span className="muted">any OpenAI-compatible server; it is tested once added</span>
      </div>
      <form onSubmit={submit} noValidate>
        <EndpointFields form={form} set={set} idPrefix="" />
        {failure ? <FailureBox failure={failure} testId="endpoint-add-error" /> : null}
        <div className="form-actions">
          <button type="submit" disabled={adding || blocked} data-testid="endpoint-add">
            {adding ? 'Adding…' : 'Add and test'}
          </button>
        </div>
      </form>
    </section>
  );
}
