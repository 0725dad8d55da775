'use client';
// Replay this conversation from turn N with another system prompt or temperature: a new experiment,
// linked to this one, the history before turn N kept as it was (lib/replay/README.md).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { callApi } from '@/app/components/api-client';
import { SandboxOptIn } from '@/app/components/sandbox-opt-in';
import type { SandboxNotice } from '@/lib/panel/experiments/form-choices';

export function ReplayForm({
  agentName,
  conversationId,
  turns,
  systemPrompt,
  temperature,
  sandbox,
}: {
  agentName: string;
  conversationId: string;
  turns: number[];
  systemPrompt: string;
  temperature: number | null;
  /** Set when this server would refuse the replay without the user's opt-in (no bubblewrap). */
  sandbox: SandboxNotice | null;
}) {
  const router = useRouter();
  const [fromTurn, setFromTurn] = useState(turns.length > 1 ? turns[1] : (turns[0] ?? 1));
  const [prompt, setPrompt] = useState(systemPrompt);
  const [temperatureText, setTemperatureText] = useState(temperature === null ? '' : String(temperature));
  const [requests, setRequests] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unsafeNoSandbox, setUnsafeNoSandbox] = useState(false);

  async function replay() {
    setBusy(true);
    setProblem(null);
    const settings = temperatureText.trim() === '' ? undefined : { temperature: Number(temperatureText) };
    const variant = {
      name: `replay from turn ${fromTurn}`,
      ...(prompt !== systemPrompt ? { systemPrompt: prompt } : {}),
      ...(settings ? { settings } : {}),
    };
    const answer = await callApi<{ id: string }>(`/api/conversations/${encodeURIComponent(conversationId)}/replay`, {
      body: { fromTurn, variant, requests, ...(unsafeNoSandbox ? { unsafeNoSandbox } : {}) },
    });
    setBusy(false);
    if (!answer.ok) return setProblem([answer.message, ...answer.reasons].join(' · '));
    router.push(`/experiments/${answer.body.id}`);
  }

  const playgroundQuery = new URLSearchParams({ replay: conversationId, turn: String(fromTurn) });
  if (turns.length === 0) return null;
  return (
    <section className="card" data-testid="replay">
      <h2>Replay from a turn</h2>
      <p className="muted" style={{ marginTop: 0 }}>
        Runs this conversation again from the chosen turn as a new experiment: every message before that turn is sent
        exactly as it was; the system message is the prompt below.
      </p>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'end' }}>
        <label>
          From turn{' '}
          <select
            value={fromTurn}
            onChange={(event) => setFromTurn(Number(event.target.value))}
            data-testid="replay-turn"
          >
            {turns.map((turn) => (
              <option key={turn} value={turn}>
                {turn}
              </option>
            ))}
          </select>
        </label>
        <label>
          Temperature{' '}
          <input
            style={{ width: 70 }}
            value={temperatureText}
            onChange={(event) => setTemperatureText(event.target.value)}
            data-testid="replay-temperature"
          />
        </label>
        <label>
          Conversations{' '}
          <input
            type="number"
            min={1}
            max={100}
            style={{ width: 70 }}
            value={requests}
            onChange={(event) => setRequests(Math.max(1, Number(event.target.value) || 1))}
            data-testid="replay-requests"
          />
        </label>
      </div>
      <label style={{ display: 'block', marginTop: 10 }}>
        System prompt
        <textarea
          rows={6}
          style={{ width: '100%', fontFamily: 'monospace', fontSize: 12 }}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          data-testid="replay-prompt"
        />
      </label>
      <SandboxOptIn notice={sandbox} checked={unsafeNoSandbox} onChange={setUnsafeNoSandbox} />
      {problem ? (
        <div className="error-box" data-testid="replay-problem">
          {problem}
        </div>
      ) : null}
      <button className="button" onClick={replay} disabled={busy} data-testid="replay-button">
        {busy ? 'Starting…' : `Replay from turn ${fromTurn}`}
      </button>{' '}
      <a
        className="button secondary"
        href={`/agents/${encodeURIComponent(agentName)}?${playgroundQuery}`}
        data-testid="replay-in-playground"
      >
        Open turn {fromTurn} in the playground
      </a>
    </section>
  );
}
