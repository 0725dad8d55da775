'use client';
// An endpoint's edit form, in its row: the same fields as the add form, filled with its settings, sent
// as PATCH /api/endpoints/:id. Experiments already started on it keep the settings they copied.
import { useState, type FormEvent } from 'react';
import type { EndpointView } from '@/lib/panel/endpoints/endpoints';
import type { ApiFailure } from '../../components/api-client';
import { FailureBox } from '../../components/failure-box';
import { EndpointFields } from './endpoint-fields';
import { editRequestBody, formProblems, formValuesOf, type EndpointFormValues } from './endpoint-form-values';

export function EditEndpointForm({
  endpoint,
  save,
  close,
}: {
  endpoint: EndpointView;
  save: (body: Record<string, unknown>) => Promise<ApiFailure | null>;
  close: () => void;
}) {
  const [form, setForm] = useState(() => formValuesOf(endpoint));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const set = (change: Partial<EndpointFormValues>) => setForm((current) => ({ ...current, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSaving(true);
    const problem = await save(editRequestBody(form));
    setSaving(false);
    setFailure(problem);
    if (!problem) close();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="endpoint-edit-form" aria-label={`Edit ${endpoint.name}`}>
      <EndpointFields form={form} set={set} idPrefix={`edit-${endpoint.id}-`} />
      <p className="muted small-text">Experiments already started on it keep the settings they started with.</p>
      {failure ? <FailureBox failure={failure} testId="endpoint-edit-error" /> : null}
      <div className="form-actions">
        <button type="submit" disabled={saving || formProblems(form) !== null} data-testid="endpoint-save">
          {saving ? 'Saving…' : 'Save and test'}
        </button>
        <button type="button" className="secondary" onClick={close} data-testid="endpoint-edit-cancel">
          Cancel
        </button>
      </div>
    </form>
  );
}
