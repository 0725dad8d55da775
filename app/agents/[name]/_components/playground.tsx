'use client';
// The playground: pick one of the agent's inputs (or type one), an endpoint, edit the prompt and
// its settings, and run one conversation now, watching it stream; with "side by side" a second
// prompt runs on the same input at the same time. A run worth keeping is saved as an experiment
// of one conversation per prompt.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { callApi } from '@/app/components/api-client';
import { EventStreamReader } from '@/lib/http/server-sent-events';
import type { PlaygroundStreamEvent } from '@/lib/panel/playground/playground';
import { applyEvent, EMPTY_RUN, PlaygroundRun, type RunState } from './playground-run';
import {
  PromptSourcePicker,
  resolvePrompt,
  SaveAsVariant,
  type PromptSource,
  type PromptVersion,
} from './playground-prompt';
import { useSharedDraft } from './shared-draft';

/** A stored conversation opened here at a turn (`?replay=ID&turn=N`): its request as it was then. */
export type PlaygroundReplay = {
  conversationId: string;
  fromTurn: number;
  systemPrompt: string;
  temperature: number | null;
};

type Endpoint = { name: string; model: string; builtIn: boolean };

async function readRun(response: Response, update: (event: PlaygroundStreamEvent) => void): Promise<void> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events = new EventStreamReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    for (const event of events.push(value)) {
      if (event.event === 'error') throw new Error((event.data as { message?: string }).message ?? 'the run failed');
      update(event.data as PlaygroundStreamEvent);
    }
  }
}

export function Playground({
  agentName,
  systemPrompt,
  nodeContext,
  versions: savedVersions,
  replay,
  inputs,
  endpoints,
}: {
  agentName: string;
  systemPrompt: string;
  nodeContext: string;
  versions: PromptVersion[];
  replay: PlaygroundReplay | null;
  inputs: { index: number; label: string }[];
  endpoints: Endpoint[];
}) {
  const router = useRouter();
  const { draft } = useSharedDraft();
  const own = { systemPrompt, nodeContext };
  const [versions, setVersions] = useState(savedVersions);
  const [inputChoice, setInputChoice] = useState(replay ? 'replay' : inputs.length > 0 ? '0' : 'typed');
  const [typed, setTyped] = useState('');
  const [endpoint, setEndpoint] = useState(
    endpoints.find((candidate) => candidate.builtIn)?.name ?? endpoints[0]?.name ?? '',
  );
  const firstSource: PromptSource = { source: replay ? 'replay' : 'editor', custom: own };
  const [sources, setSources] = useState<PromptSource[]>([firstSource, firstSource]);
  const prompts = sources.map((choice) => resolvePrompt(choice, draft, own, versions, replay?.systemPrompt ?? null));
  const [pair, setPair] = useState(false);
  const [toolChoice, setToolChoice] = useState('auto');
  const [temperature, setTemperature] = useState(String(replay?.temperature ?? 0));
  const [runs, setRuns] = useState<RunState[]>([EMPTY_RUN, EMPTY_RUN]);
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = endpoints.find((candidate) => candidate.name === endpoint);
  const running = runs.some((run) => run.running);
  const sides = pair ? [0, 1] : [0];

  const setRun = (side: number, change: (state: RunState) => RunState) =>
    setRuns((current) => current.map((state, index) => (index === side ? change(state) : state)));

  async function runSide(side: number) {
    const body = {
      ...(inputChoice === 'typed'
        ? { text: typed }
        : inputChoice === 'replay' && replay
          ? { replay: { conversationId: replay.conversationId, fromTurn: replay.fromTurn } }
          : { inputIndex: Number(inputChoice) }),
      endpoint: chosen?.builtIn ? { kind: 'simulated' } : { name: endpoint },
      variant: {
        name: pair ? (side === 0 ? 'A' : 'B') : 'playground',
        systemPrompt: prompts[side].systemPrompt,
        nodeContext: prompts[side].nodeContext,
        settings: { toolChoice, temperature: Number(temperature) },
      },
    };
    setRun(side, () => ({ ...EMPTY_RUN, running: true }));
    try {
      const response = await fetch(`/api/agents/${encodeURIComponent(agentName)}/playground`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        const answer = (await response.json().catch(() => ({}))) as { error?: string; reasons?: string[] };
        throw new Error(
          [answer.error ?? `the panel answered ${response.status}`, ...(answer.reasons ?? [])].join(' · '),
        );
      }
      await readRun(response, (event) => setRun(side, (state) => applyEvent(state, event)));
      setRun(side, (state) => ({ ...state, running: false }));
    } catch (error) {
      setRun(side, (state) => ({
        ...state,
        running: false,
        problem: error instanceof Error ? error.message : String(error),
      }));
    }
  }

  async function run() {
    setSaved(null);
    setProblem(null);
    await Promise.all(sides.map(runSide));
  }

  async function save() {
    const runIds = sides.map((side) => runs[side].runId).filter((id): id is string => id !== null);
    const answer = await callApi<{ id: string }>('/api/playground/save', {
      body: { runIds, name: `Playground: ${agentName}` },
    });
    if (!answer.ok) return setProblem([answer.message, ...answer.reasons].join(' · '));
    setSaved(answer.body.id);
  }

  const canSave = !running && sides.every((side) => runs[side].runId !== null);
  return (
    <section className="card" data-testid="playground">
      <div className="card-head">
        <h2>Playground</h2>
        <span className="muted">one conversation now, streamed; nothing is stored unless you save it</span>
      </div>
      <div className="form-grid">
        <div>
          <label htmlFor="pg-input">Input</label>
          <select
            id="pg-input"
            value={inputChoice}
            onChange={(event) => setInputChoice(event.target.value)}
            data-testid="pg-input"
          >
            {replay ? (
              <option value="replay">
                {`conversation ${replay.conversationId} at turn ${replay.fromTurn}, as it was`}
              </option>
            ) : null}
            {inputs.map((input) => (
              <option key={input.index} value={String(input.index)}>
                {`${input.index + 1}: ${input.label}`}
              </option>
            ))}
            <option value="typed">type one…</option>
          </select>
          {inputChoice === 'typed' ? (
            <textarea
              rows={3}
              style={{ width: '100%', marginTop: 6 }}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder="the request"
              data-testid="pg-typed"
            />
          ) : null}
        </div>
        <div>
          <label htmlFor="pg-endpoint">Endpoint</label>
          <select
            id="pg-endpoint"
            value={endpoint}
            onChange={(event) => setEndpoint(event.target.value)}
            data-testid="pg-endpoint"
          >
            {endpoints.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.builtIn ? 'built-in simulator (simulated)' : `${candidate.name} (${candidate.model})`}
              </option>
            ))}
          </select>
          {chosen?.builtIn && pair ? (
            <div className="field-hint">
              The simulator does not read a prompt&apos;s wording: two prompts on it differ by chance only.
            </div>
          ) : null}
        </div>
        <div>
          <label htmlFor="pg-tool-choice">Tool choice</label>
          <select id="pg-tool-choice" value={toolChoice} onChange={(event) => setToolChoice(event.target.value)}>
            {['auto', 'required', 'none'].map((choice) => (
              <option key={choice}>{choice}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="pg-temperature">Temperature</label>
          <input
            id="pg-temperature"
            value={temperature}
            onChange={(event) => setTemperature(event.target.value)}
            size={5}
          />
        </div>
      </div>
      <label style={{ display: 'flex', gap: 6, alignItems: 'center', margin: '10px 0' }}>
        <input
          type="checkbox"
          checked={pair}
          onChange={(event) => setPair(event.target.checked)}
          data-testid="pg-pair"
        />{' '}
        Side by side: run a second prompt on the same input
      </label>
      <div className="playground-pair">
        {sides.map((side) => (
          <PromptSourcePicker
            key={side}
            side={side}
            label={pair ? `Prompt ${side === 0 ? 'A' : 'B'}` : 'System prompt'}
            choice={sources[side]}
            onChoice={(choice) => setSources((current) => current.map((old, index) => (index === side ? choice : old)))}
            own={own}
            versions={versions}
            replayPrompt={replay?.systemPrompt ?? null}
          />
        ))}
      </div>
      <SaveAsVariant
        agentName={agentName}
        prompt={prompts[0]}
        onSaved={(version) => setVersions((current) => [version, ...current.filter((old) => old.id !== version.id)])}
      />
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', margin: '10px 0' }}>
        <button
          type="button"
          onClick={run}
          disabled={running || (inputChoice === 'typed' && typed.trim() === '')}
          data-testid="pg-run"
        >
          {running ? 'Running…' : pair ? 'Run both' : 'Run'}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={save}
          disabled={!canSave || saved !== null}
          data-testid="pg-save"
        >
          Save as an experiment
        </button>
        {saved ? (
          <a href={`/experiments/${saved}`} data-testid="pg-saved">
            Saved: open the experiment
          </a>
        ) : null}
        {saved ? (
          <button type="button" className="secondary" onClick={() => router.push(`/experiments/${saved}`)}>
            Go
          </button>
        ) : null}
      </div>
      {problem ? <div className="error-box">{problem}</div> : null}
      <div className="playground-pair">
        {sides.map((side) =>
          runs[side].events.length > 0 || runs[side].running || runs[side].problem ? (
            <PlaygroundRun
              key={side}
              title={pair ? `Prompt ${side === 0 ? 'A' : 'B'}` : 'This run'}
              state={runs[side]}
            />
          ) : null,
        )}
      </div>
    </section>
  );
}
