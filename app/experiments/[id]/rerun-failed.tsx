'use client';
// "Re-run the failed inputs of this experiment with variant X": a new experiment over the inputs
// whose task failed (or that did not submit, when nothing judged them), linked to this one.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { callApi } from '@/app/components/api-client';
import { SandboxOptIn } from '@/app/components/sandbox-opt-in';
import type { SandboxNotice } from '@/lib/panel/experiments/form-choices';

export function RerunFailed({
  experimentId,
  variants,
  sandbox,
}: {
  experimentId: string;
  variants: { name: string; systemPrompt: string }[];
  /** Set when this server would refuse the rerun without the user's opt-in (no bubblewrap). */
  sandbox: SandboxNotice | null;
}) {
  const router = useRouter();
  const [choice, setChoice] = useState(variants[variants.length - 1]?.name ?? '');
  const [prompt, setPrompt] = useState('');
  const [repeats, setRepeats] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unsafeNoSandbox, setUnsafeNoSandbox] = useState(false);
  const isNew = choice === '(new)';

  async function rerun() {
    setBusy(true);
    setProblem(null);
    const picked = isNew ? { variant: { name: 'rerun', systemPrompt: prompt } } : { variantName: choice };
    const body = { ...picked, repeats, ...(unsafeNoSandbox ? { unsafeNoSandbox } : {}) };
    const answer = await callApi<{ id: string; inputs: number }>(
      `/api/experiments/${encodeURIComponent(experimentId)}/rerun-failed`,
      { body },
    );
    setBusy(false);
    if (!answer.ok) return setProblem([answer.message, ...answer.reasons].join(' · '));
    router.push(`/experiments/${answer.body.id}`);
  }

  return (
    <section className="card" data-testid="rerun-failed">
      <h2>Re-run the failed inputs</h2>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'end' }}>
        <label>
          with variant{' '}
          <select value={choice} onChange={(event) => setChoice(event.target.value)} data-testid="rerun-variant">
            {variants.map((variant) => (
              <option key={variant.name} value={variant.name}>
                {variant.name}
              </option>
            ))}
            <option value="(new)">a new system prompt…</option>
          </select>
        </label>
        <label>
          Conversations per input{' '}
          <input
            type="number"
            min={1}
            max={100}
            style={{ width: 70 }}
            value={repeats}
            onChange={(event) => setRepeats(Math.max(1, Number(event.target.value) || 1))}
            data-testid="rerun-repeats"
          />
        </label>
        <button
          className="button"
          onClick={rerun}
          disabled={busy || (isNew && prompt.trim() === '')}
          data-testid="rerun-button"
        >
          {busy ? 'Starting…' : 'Re-run failed inputs'}
        </button>
      </div>
      {isNew ? (
        <textarea
          rows={5}
          style={{ width: '100%', marginTop: 8, fontFamily: 'monospace', fontSize: 12 }}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          placeholder="System prompt of the new variant"
          data-testid="rerun-prompt"
        />
      ) : null}
      <SandboxOptIn notice={sandbox} checked={unsafeNoSandbox} onChange={setUnsafeNoSandbox} />
      {problem ? (
        <div className="error-box" data-testid="rerun-problem">
          {problem}
        </div>
      ) : null}
    </section>
  );
}
