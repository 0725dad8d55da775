'use client';
// An experiment's own management: its name, description and tags (editable), "run again with these
// settings", resume when it stopped short, and delete (asked twice). Deleting removes its
// conversations only: prompt versions and datasets are kept.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { callApi } from '@/app/components/api-client';

type Details = { name: string | null; description: string | null; tags: string[] };

export function ExperimentManage({
  experimentId,
  initial,
  canResume,
  canDelete,
  done,
}: {
  experimentId: string;
  initial: Details;
  canResume: boolean;
  canDelete: boolean;
  done: number;
}) {
  const router = useRouter();
  const [details, setDetails] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(initial.name ?? '');
  const [description, setDescription] = useState(initial.description ?? '');
  const [tags, setTags] = useState(initial.tags.join(', '));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const api = `/api/experiments/${encodeURIComponent(experimentId)}`;

  async function save() {
    setBusy(true);
    const answer = await callApi<Details>(api, {
      method: 'PATCH',
      body: {
        name,
        description,
        tags: tags
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      },
    });
    setBusy(false);
    if (!answer.ok) return setProblem([answer.message, ...answer.reasons].join(' · '));
    setProblem(null);
    setDetails(answer.body);
    setEditing(false);
    router.refresh();
  }

  async function act(path: string, method: string, then: () => void) {
    setBusy(true);
    const answer = await callApi(`${api}${path}`, { method });
    setBusy(false);
    if (!answer.ok) return setProblem([answer.message, ...answer.reasons].join(' · '));
    setProblem(null);
    then();
  }

  return (
    <section className="card" data-testid="experiment-manage">
      {editing ? (
        <div className="form-grid" data-testid="details-form">
          <div>
            <label htmlFor="experiment-name">Name</label>
            <input
              id="experiment-name"
              value={name}
              maxLength={200}
              onChange={(event) => setName(event.target.value)}
              data-testid="experiment-name-input"
            />
          </div>
          <div>
            <label htmlFor="experiment-tags">Tags (comma-separated)</label>
            <input
              id="experiment-tags"
              value={tags}
              onChange={(event) => setTags(event.target.value)}
              data-testid="experiment-tags-input"
            />
          </div>
          <div style={{ gridColumn: '1 / -1' }}>
            <label htmlFor="experiment-description">Description</label>
            <textarea
              id="experiment-description"
              rows={3}
              style={{ width: '100%' }}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              data-testid="experiment-description-input"
            />
          </div>
          <div style={{ display: 'flex', gap: 8 }}>
            <button type="button" onClick={save} disabled={busy} data-testid="save-details">
              Save
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(false)}>
              Cancel editing
            </button>
          </div>
        </div>
      ) : (
        <div data-testid="experiment-details">
          {details.description ? (
            <p style={{ marginTop: 0 }} data-testid="experiment-description">
              {details.description}
            </p>
          ) : (
            <p className="muted" style={{ marginTop: 0 }}>
              No description.
            </p>
          )}
          <div className="chips">
            {details.tags.map((tag) => (
              <span key={tag} className="chip" data-testid="experiment-tag">
                {tag}
              </span>
            ))}
          </div>
        </div>
      )}
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 10, alignItems: 'center' }}>
        {!editing ? (
          <button type="button" className="secondary" onClick={() => setEditing(true)} data-testid="edit-details">
            Edit name, description, tags
          </button>
        ) : null}
        <Link
          className="button secondary"
          href={`/experiments/new?from=${encodeURIComponent(experimentId)}`}
          data-testid="clone-experiment"
        >
          Run again with these settings
        </Link>
        {canResume ? (
          <button
            type="button"
            onClick={() => act('/resume', 'POST', () => router.refresh())}
            disabled={busy}
            data-testid="resume-experiment"
          >
            Resume to its full count
          </button>
        ) : null}
        {canDelete && !confirmDelete ? (
          <button
            type="button"
            className="danger"
            onClick={() => setConfirmDelete(true)}
            data-testid="delete-experiment"
          >
            Delete…
          </button>
        ) : null}
        {confirmDelete ? (
          <span data-testid="delete-confirm">
            Delete this experiment and its {done} conversation{done === 1 ? '' : 's'}? Prompt versions and datasets are
            kept.{' '}
            <button
              type="button"
              className="danger"
              onClick={() => act('', 'DELETE', () => router.push('/experiments'))}
              disabled={busy}
              data-testid="delete-confirm-yes"
            >
              Yes, delete
            </button>{' '}
            <button
              type="button"
              className="secondary"
              onClick={() => setConfirmDelete(false)}
              data-testid="delete-confirm-no"
            >
              Keep it
            </button>
          </span>
        ) : null}
      </div>
      {problem ? (
        <div className="error-box" data-testid="manage-problem">
          {problem}
        </div>
      ) : null}
    </section>
  );
}
