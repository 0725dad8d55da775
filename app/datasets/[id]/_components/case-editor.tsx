'use client';
// Edits what a case expects: no call, nothing (not scored), or calls with, per argument, the
// accepted values one a line. Checked as typed (datasets-case-edit.ts) and again by the server.
import { useState } from 'react';
import type { StoredCase } from '@/lib/db/queries/datasets';
import {
  fromDraft,
  toDraft,
  type ArgumentDraft,
  type CallDraft,
  type ExpectationDraft,
} from '@/lib/panel/datasets/case-edit';
import { callApi, type ApiFailure } from '@/app/components/api-client';
import { FailureBox } from '@/app/components/failure-box';

type Props = {
  datasetId: string;
  datasetCase: StoredCase;
  toolNames: string[];
  onSaved(updated: StoredCase): void;
  onCancel(): void;
};

const emptyArgument = (): ArgumentDraft => ({ name: '', valuesText: '', optional: false });

export function CaseEditor({ datasetId, datasetCase, toolNames, onSaved, onCancel }: Props) {
  const [draft, setDraft] = useState<ExpectationDraft>(toDraft(datasetCase.expect));
  const [note, setNote] = useState(datasetCase.note ?? '');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const reading = fromDraft(draft);
  const listId = `tools-${datasetCase.rowId}`;

  const setCall = (index: number, change: Partial<CallDraft>) =>
    setDraft({ ...draft, calls: draft.calls.map((call, other) => (other === index ? { ...call, ...change } : call)) });
  const setArgument = (callIndex: number, argumentIndex: number, change: Partial<ArgumentDraft>) =>
    setCall(callIndex, {
      arguments: draft.calls[callIndex].arguments.map((argument, other) =>
        other === argumentIndex ? { ...argument, ...change } : argument,
      ),
    });
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
            <div className="call-editor" key={callIndex} data-testid="call-editor">
              <div className="call-editor-head">
                <div>
                  <label htmlFor={`tool-${datasetCase.rowId}-${callIndex}`}>
                    Expected tool{draft.calls.length > 1 ? ` ${callIndex + 1}` : ''}
                  </label>
                  <input
                    id={`tool-${datasetCase.rowId}-${callIndex}`}
                    list={listId}
                    value={call.name}
                    onChange={(event) => setCall(callIndex, { name: event.target.value })}
                    data-testid="edit-tool-name"
                  />
                </div>
                {draft.calls.length > 1 ? (
                  <button
                    type="button"
                    className="secondary small"
                    onClick={() => setDraft({ ...draft, calls: draft.calls.filter((_, other) => other !== callIndex) })}
                  >
                    Remove this call
                  </button>
                ) : null}
              </div>
              <table className="argument-editor">
                <thead>
                  <tr>
                    <th>Argument</th>
                    <th>Accepted values, one a line</th>
                    <th>Optional</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {call.arguments.map((argument, argumentIndex) => (
                    <tr key={argumentIndex} data-testid="edit-argument">
                      <td>
                        <input
                          value={argument.name}
                          aria-label="Argument name"
                          onChange={(event) => setArgument(callIndex, argumentIndex, { name: event.target.value })}
                          data-testid="edit-argument-name"
                        />
                      </td>
                      <td>
                        <textarea
                          rows={Math.max(2, argument.valuesText.split('\n').length)}
                          value={argument.valuesText}
                          aria-label="Accepted values"
                          onChange={(event) =>
                            setArgument(callIndex, argumentIndex, { valuesText: event.target.value })
                          }
                          spellCheck={false}
                          data-testid="edit-argument-values"
                        />
                      </td>
                      <td>
                        <input
                          type="checkbox"
                          checked={argument.optional}
                          aria-label="Optional"
                          onChange={(event) =>
                            setArgument(callIndex, argumentIndex, { optional: event.target.checked })
                          }
                        />
                      </td>
                      <td>
                        <button
                          type="button"
                          className="secondary small"
                          onClick={() =>
                            setCall(callIndex, {
                              arguments: call.arguments.filter((_, other) => other !== argumentIndex),
                            })
                          }
                          aria-label="Remove argument"
                        >
                          ×
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <button
                type="button"
                className="secondary small"
                onClick={() => setCall(callIndex, { arguments: [...call.arguments, emptyArgument()] })}
                data-testid="edit-add-argument"
              >
                Add an argument
              </button>
            </div>
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
