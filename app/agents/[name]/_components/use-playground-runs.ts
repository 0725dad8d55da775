'use client';
// The playground's runs: each side's request posted and its stream of events read into its state,
// and saving the finished runs as an experiment of one conversation per prompt.
import { useState } from 'react';
import { callApi } from '@/app/components/api-client';
import { EventStreamReader } from '@/lib/http/server-sent-events';
import type { PlaygroundStreamEvent } from '@/lib/panel/playground/playground';
import { applyEvent, EMPTY_RUN, type RunState } from './playground-run';
import type { Endpoint, PlaygroundReplay, PlaygroundSettings } from './playground-fields';

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

/** The body of POST /api/agents/NAME/playground for one side. */
export function playgroundRequest(
  settings: PlaygroundSettings,
  replay: PlaygroundReplay | null,
  chosen: Endpoint | undefined,
  name: string,
  prompt: { systemPrompt: string; nodeContext: string },
) {
  const { inputChoice, typed, endpoint, toolChoice, temperature } = settings;
  return {
    ...(inputChoice === 'typed'
      ? { text: typed }
      : inputChoice === 'replay' && replay
        ? { replay: { conversationId: replay.conversationId, fromTurn: replay.fromTurn } }
        : { inputIndex: Number(inputChoice) }),
    endpoint: chosen?.builtIn ? { kind: 'simulated' } : { name: endpoint },
    variant: {
      name,
      systemPrompt: prompt.systemPrompt,
      nodeContext: prompt.nodeContext,
      settings: { toolChoice, temperature: Number(temperature) },
    },
  };
}

export function usePlaygroundRuns(agentName: string) {
  const [runs, setRuns] = useState<RunState[]>([EMPTY_RUN, EMPTY_RUN]);
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const setRun = (side: number, change: (state: RunState) => RunState) =>
    setRuns((current) => current.map((state, index) => (index === side ? change(state) : state)));

  async function runSide(side: number, body: unknown) {
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

  /** One request per side, run at the same time. */
  async function start(bodies: unknown[]) {
    setSaved(null);
    setProblem(null);
    await Promise.all(bodies.map((body, side) => runSide(side, body)));
  }

  async function save(sides: number[]) {
    const runIds = sides.map((side) => runs[side].runId).filter((id): id is string => id !== null);
    const answer = await callApi<{ id: string }>('/api/playground/save', {
      body: { runIds, name: `Playground: ${agentName}` },
    });
    if (!answer.ok) return setProblem([answer.message, ...answer.reasons].join(' · '));
    setSaved(answer.body.id);
  }

  return { runs, running: runs.some((run) => run.running), saved, problem, start, save };
}
