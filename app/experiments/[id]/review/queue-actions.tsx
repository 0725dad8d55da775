'use client';
// The queue's answer to the conversation on screen: one of the queue's labels (keys 1-9), with an
// optional note, saved on the conversation like any review; then the page moves to the next one.
import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/app/components/api-client';

export function QueueActions({
  conversationId,
  labels,
  initialNote,
  skipHref,
}: {
  conversationId: string;
  labels: string[];
  initialNote: string | null;
  skipHref: string;
}) {
  const router = useRouter();
  const [note, setNote] = useState(initialNote ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set once the key handler is bound, so that a key pressed before is not lost unseen.
  const [keysReady, setKeysReady] = useState(false);

  async function choose(label: string) {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const body = note.trim() === (initialNote ?? '').trim() ? { add: [label] } : { add: [label], note };
    const answer = await callApi(`/api/conversations/${encodeURIComponent(conversationId)}/review`, {
      method: 'PATCH',
      body,
    });
    setBusy(false);
    if (!answer.ok) return setProblem([answer.message, ...answer.reasons].join(' · '));
    router.refresh();
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const index = Number(event.key) - 1;
      if (Number.isInteger(index) && index >= 0 && index < labels.length) {
        event.preventDefault();
        void choose(labels[index]);
      }
    };
    window.addEventListener('keydown', onKey);
    setKeysReady(true);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <div data-testid="queue-actions" data-keys-ready={keysReady ? 'true' : 'false'}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
        {labels.map((label, index) => (
          <button
            key={label}
            type="button"
            disabled={busy}
            onClick={() => void choose(label)}
            data-testid="queue-label"
            data-label={label}
          >
            {index + 1}. {label}
          </button>
        ))}
        <a href={skipHref} className="button secondary" data-testid="queue-skip">
          Skip
        </a>
      </div>
      <label style={{ display: 'block', marginTop: 10 }}>
        Note (saved with the label)
        <textarea
          rows={2}
          maxLength={4000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          data-testid="queue-note"
        />
      </label>
      {problem ? (
        <p className="error-box" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
