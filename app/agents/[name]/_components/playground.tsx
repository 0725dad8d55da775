'use client';
// The playground: pick one of the agent's inputs (or type one), an endpoint, edit the prompt and
// its settings, and run one conversation now, watching it stream; with "side by side" a second
// prompt runs on the same input at the same time. A run worth keeping is saved as an experiment
// of one conversation per prompt.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { PlaygroundRun } from './playground-run';
import {
  PromptSourcePicker,
  resolvePrompt,
  SaveAsVariant,
  type PromptSource,
  type PromptVersion,
} from './playground-prompt';
import { useSharedDraft } from './shared-draft';
import { initialSettings, PlaygroundFields, type Endpoint, type PlaygroundReplay } from './playground-fields';
import { playgroundRequest, usePlaygroundRuns } from './use-playground-runs';

/** The experiment the runs were saved as: a link, and a button that opens it. */
function SavedLink({ id }: { id: string }) {
  const router = useRouter();
  return (
    <>
      <a href={`/experiments/${id}`} data-testid="pg-saved">
        Saved: open the experiment
      </a>
      <button type="button" className="secondary" onClick={() => router.push(`/experiments/${id}`)}>
        Go
      </button>
    </>
  );
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
  const { draft } = useSharedDraft();
  const own = { systemPrompt, nodeContext };
  const [versions, setVersions] = useState(savedVersions);
  const [settings, setSettings] = useState(() => initialSettings(replay, inputs, endpoints));
  const { inputChoice, typed, endpoint } = settings;
  const firstSource: PromptSource = { source: replay ? 'replay' : 'editor', custom: own };
  const [sources, setSources] = useState<PromptSource[]>([firstSource, firstSource]);
  const prompts = sources.map((choice) => resolvePrompt(choice, draft, own, versions, replay?.systemPrompt ?? null));
  const [pair, setPair] = useState(false);
  const { runs, running, saved, problem, start, save: saveRuns } = usePlaygroundRuns(agentName);
  const chosen = endpoints.find((candidate) => candidate.name === endpoint);
  const sides = pair ? [0, 1] : [0];

  async function run() {
    const bodies = sides.map((side) =>
      playgroundRequest(settings, replay, chosen, pair ? (side === 0 ? 'A' : 'B') : 'playground', prompts[side]),
    );
    await start(bodies);
  }

  const canSave = !running && sides.every((side) => runs[side].runId !== null);
  return (
    <section className="card" data-testid="playground">
      <div className="card-head">
        <h2>Playground</h2>
        <span className="muted">one conversation now, streamed; nothing is stored unless you save it</span>
      </div>
      <PlaygroundFields
        replay={replay}
        inputs={inputs}
        endpoints={endpoints}
        settings={settings}
        onChange={(change) => setSettings((current) => ({ ...current, ...change }))}
        simulatorPair={Boolean(chosen?.builtIn && pair)}
      />
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
          onClick={() => saveRuns(sides)}
          disabled={!canSave || saved !== null}
          data-testid="pg-save"
        >
          Save as an experiment
        </button>
        {saved ? <SavedLink id={saved} /> : null}
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
