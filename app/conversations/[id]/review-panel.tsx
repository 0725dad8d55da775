'use client';
// Labels and a note on this conversation: one click for the usual labels, any short text for
// others, a note saved on demand. Both are kept with the conversation and go out with its exports.
import { useState } from 'react';
import { callApi } from '@/app/components/api-client';

type Review = { labels: string[]; note: string | null };

export function ReviewPanel({
  conversationId,
  initial,
  suggested,
}: {
  conversationId: string;
  initial: Review;
  suggested: readonly string[];
}) {
  const [review, setReview] = useState(initial);
  const [typed, setTyped] = useState('');
  const [note, setNote] = useState(initial.note ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  async function change(body: { add?: string[]; remove?: string[]; note?: string }) {
    setProblem(null);
    const answer = await callApi<Review>(`/api/conversations/${encodeURIComponent(conversationId)}/review`, {
      method: 'PATCH',
      body,
    });
    if (!answer.ok) return setProblem([answer.message, ...answer.reasons].join(' · '));
    setReview(answer.body);
    if (body.note !== undefined) setSaved(true);
  }

  const offered = suggested.filter((label) => !review.labels.includes(label));
  return (
    <section className="card" data-testid="review">
      <h2>Review</h2>
      <div className="chips" style={{ alignItems: 'center', marginBottom: 8 }}>
        {review.labels.length === 0 ? <span className="muted">No label yet.</span> : null}
        {review.labels.map((label) => (
          <span key={label} className="chip label-chip" data-testid="review-label" data-label={label}>
            {label}{' '}
            <button
              type="button"
              className="link-button"
              aria-label={`remove the label ${label}`}
              onClick={() => change({ remove: [label] })}
            >
              ×
            </button>
          </span>
        ))}
      </div>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
        {offered.map((label) => (
          <button
            key={label}
            type="button"
            className="secondary"
            onClick={() => change({ add: [label] })}
            data-testid="add-label"
            data-label={label}
          >
            + {label}
          </button>
        ))}
        <form
          style={{ display: 'flex', gap: 6 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim() === '') return;
            void change({ add: [typed] }).then(() => setTyped(''));
          }}
        >
          <input
            aria-label="another label"
            placeholder="another label"
            maxLength={60}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            data-testid="label-text"
          />
          <button type="submit" className="secondary">
            Add
          </button>
        </form>
      </div>
      <label htmlFor="review-note" style={{ marginTop: 12 }}>
        Note
      </label>
      <textarea
        id="review-note"
        rows={3}
        style={{ width: '100%' }}
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
          setSaved(false);
        }}
        data-testid="review-note"
      />
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 6 }}>
        <button type="button" className="secondary" onClick={() => change({ note })} data-testid="save-note">
          Save note
        </button>
        {saved ? (
          <span className="muted" data-testid="note-saved">
            Saved.
          </span>
        ) : null}
      </div>
      {problem ? <div className="error-box">{problem}</div> : null}
    </section>
  );
}
