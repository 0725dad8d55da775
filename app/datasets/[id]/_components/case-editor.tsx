'use client';
// Edits what a case expects: no call, nothing (not scored), or calls with, per argument, the
// accepted values one a line. Checked as typed (datasets-case-edit.ts) and again by the server.
import { useState } from 'react';
import type { StoredCase } from '@/lib/db/queries/datasets';
import { fromDraft, toDraft, type CallDraft, type ExpectationDraft } from '@/lib/panel/datasets/case-edit';
import { callApi, type ApiFailure } from '@/app/components/api-client';
import { FailureBox } from '@/app/components/failure-box';
import { CallEditor, emptyArgument } from './call-editor';

type Props = {
  datasetId: string;
  datasetCase: StoredCase;
  toolNames: string[];
  onSaved(updated: StoredCase): void;
  onCancel(): void;
};

export function CaseEditor({ datasetId, datasetCase, toolNames, onSaved, onCancel }: Props) {
  const [draft, setDraft] = useState<ExpectationDraft>(toDraft(datasetCase.expect));
  const [note, setNote] = useState(datasetCase.note ?? '');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const reading = fromDraft(draft);
  const listId = `tools-${datasetCase.rowId}`;

  const setCall = (index: number, change: Partial<CallDraft>) =>
    setDraft({ ...draft, calls: draft.calls.map((call, other) => (other === index ? { ...call, ...change } : call)) });
  const chooseKind = (kind: ExpectationDraft['kind']) =>
    setDraft({
      kind,
      calls: kind === 'call' && draft.calls.length === 0 ? [{ name: '', arguments: [emptyArgument()] }] : draft.calls,
    });

  const save = async () => {
    if (!reading.ok) return;
    setSaving(true);
    setFailure(null);
    const answer = await callApi<StoredCase>(
      `/api/datasets/${encodeURIComponent(datasetId)}/cases/${encodeURIComponent(datasetCase.rowId)}`,
      {
        method: 'PATCH',
        body: { expect: reading.expect, note: note.trim() === '' ? null : note },
      },
    );
    setSaving(false);
    if (!answer.ok) {
      setFailure(answer);
      return;
    }
    onSaved(answer.body);
  };

  return (
    <div className="case-editor" data-testid="case-editor">
      <datalist id={listId}>
        {toolNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="kind-choices">
        {(
          [
            ['call', 'expects calls'],
            ['no_call', 'expects no call'],
            ['none', 'not scored'],
          ] as const
        ).map(([kind, label]) => (
          <label key={kind} className="inline-check">
            <input
              type="radio"
              name={`kind-${datasetCase.rowId}`}
              checked={draft.kind === kind}
              onChange={() => chooseKind(kind)}
              data-testid={`edit-kind-${kind}`}
            />{' '}
            {label}
          </label>
        ))}
      </div>
      {draft.kind === 'call'
        ? draft.calls.map((call, callIndex) => (
            <CallEditor
              key={callIndex}
              call={call}
              inputId={`tool-${datasetCase.rowId}-${callIndex}`}
              label={`Expected tool${draft.calls.length > 1 ? ` ${callIndex + 1}` : ''}`}
              listId={listId}
              removable={draft.calls.length > 1}
              onChange={(change) => setCall(callIndex, change)}
              onRemove={() => setDraft({ ...draft, calls: draft.calls.filter((_, other) => other !== callIndex) })}
            />
          ))
        : null}
      {draft.kind === 'call' ? (
        <button
          type="button"
          className="secondary small"
          onClick={() => setDraft({ ...draft, calls: [...draft.calls, { name: '', arguments: [emptyArgument()] }] })}
        >
          Add a parallel call
        </button>
      ) : null}
      <p className="field-hint">
        A line that is JSON is that value (68, true, &quot;68&quot;, [1, 2]); any other line is a string as written.
        Strings are compared as BFCL compares them: case, spaces and , . / - _ * ^ are ignored.
      </p>
      <label htmlFor={`note-${datasetCase.rowId}`}>Note</label>
      <input
        id={`note-${datasetCase.rowId}`}
        className="wide"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        data-testid="edit-note"
      />
      {!reading.ok ? (
        <ul className="warnings" data-testid="edit-problems">
          {reading.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {failure ? <FailureBox failure={failure} testId="edit-error" /> : null}
      <div className="form-actions">
        <button type="button" onClick={save} disabled={saving || !reading.ok} data-testid="edit-save">
          {saving ? 'Saving…' : 'Save the case'}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
