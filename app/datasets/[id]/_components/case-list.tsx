'use client';
// The cases of one page: each shown as text, with edit and delete.
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { StoredCase } from '@/lib/db/queries/datasets';
import { formatTime } from '@/lib/panel/format';
import { callApi, type ApiFailure } from '@/app/components/api-client';
import { FailureBox } from '@/app/components/failure-box';
import { CaseEditor } from './case-editor';
import { ExpectationView, InputView, expectationLabel } from './case-view';

type Props = { datasetId: string; cases: StoredCase[]; toolNames: string[] };

export function CaseList({ datasetId, cases: initial, toolNames }: Props) {
  const router = useRouter();
  const [cases, setCases] = useState(initial);
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  // Another page of the set (or a search) brings other cases.
  useEffect(() => setCases(initial), [initial]);

  const remove = async (datasetCase: StoredCase) => {
    if (!window.confirm(`Delete the case "${datasetCase.id}"?`)) return;
    setFailure(null);
    const answer = await callApi<{ deleted: true }>(
      `/api/datasets/${encodeURIComponent(datasetId)}/cases/${encodeURIComponent(datasetCase.rowId)}`,
      { method: 'DELETE' },
    );
    if (!answer.ok) {
      setFailure(answer);
      return;
    }
    router.refresh();
  };

  if (cases.length === 0) return <p className="empty">No case to show.</p>;
  return (
    <div className="case-list">
      {failure ? <FailureBox failure={failure} testId="case-error" /> : null}
      {cases.map((datasetCase) => (
        <article key={datasetCase.rowId} className="case" data-testid="case" data-case={datasetCase.id}>
          <header className="case-head">
            <span className="muted">#{datasetCase.position + 1}</span>
            <code className="case-id">{datasetCase.id}</code>
            <span
              className={`badge expect-${datasetCase.expect === null ? 'none' : datasetCase.expect.kind}`}
              data-testid="case-expectation-kind"
            >
              {expectationLabel(datasetCase.expect)}
            </span>
            {datasetCase.tools ? (
              <span className="chip" title={datasetCase.tools.map((tool) => tool.function.name).join(', ')}>
                {datasetCase.tools.length} own tool(s)
              </span>
            ) : null}
            {saved === datasetCase.rowId ? (
              <span className="good-text small-text" data-testid="case-saved">
                saved {formatTime(datasetCase.updatedAt)}
              </span>
            ) : null}
            <span className="case-actions">
              <button
                type="button"
                className="secondary small"
                onClick={() => setEditing(editing === datasetCase.rowId ? null : datasetCase.rowId)}
                data-testid="edit-case"
              >
                {editing === datasetCase.rowId ? 'Close' : 'Edit'}
              </button>
              <button
                type="button"
                className="danger small"
                onClick={() => remove(datasetCase)}
                data-testid="delete-case"
              >
                Delete
              </button>
            </span>
          </header>
          <div className="case-body">
            <div>
              <div className="case-label">Input</div>
              <InputView input={datasetCase.input} />
            </div>
            <div>
              <div className="case-label">Expected next</div>
              {editing === datasetCase.rowId ? (
                <CaseEditor
                  datasetId={datasetId}
                  datasetCase={datasetCase}
                  toolNames={toolNames}
                  onCancel={() => setEditing(null)}
                  onSaved={(updated) => {
                    setCases((current) => current.map((other) => (other.rowId === updated.rowId ? updated : other)));
                    setEditing(null);
                    setSaved(updated.rowId);
                  }}
                />
              ) : (
                <ExpectationView expect={datasetCase.expect} />
              )}
              {datasetCase.note && editing !== datasetCase.rowId ? (
                <p className="case-note small-text">{datasetCase.note}</p>
              ) : null}
            </div>
          </div>
        </article>
      ))}
    </div>
  );
}
