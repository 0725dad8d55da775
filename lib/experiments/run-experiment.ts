import { setMaxListeners } from 'node:events';
import {
  erroredRecord,
  type AgentRuntime,
  type ConversationRecord,
  type ModelClient,
  type RunnerEvent,
  type RunnerSettings,
} from '../runner/types';
import type { ToolExecutor } from '../tools/protocol';
import type { WorkspaceProvider } from '../tools/workspace';
import { resolveSettings } from '../runner/settings';
import { requestModel } from '../serving/models';
import { errorMessage } from '../errors';
import { type ExperimentConfig, type VariantConfig } from '../experiment-config/experiment-config';
import { planSlots, slotKey, type Slot } from './slots';
import { caseResult, inlineInputs, type InputSource } from '../datasets/experiment-cases';
import type { Verdict } from '../datasets/verdict';
import type { TaskCheck } from '../task-success/types';
import type { CustomCheckScript } from '../task-success/custom-check';
import { providerWorkspace, runJudgedConversation } from './judged-conversation';

export type SlotMeta = Slot & {
  variantName: string;
  workspaceDiff?: string | null;
  changedFiles?: string[] | null;
  /** For a dataset run: the case this conversation ran and the verdict on its first response. */
  caseId?: string | null;
  verdict?: Verdict | null;
  /** What the agent's task-success check said (lib/task-success); null when nothing judged it. */
  taskCheck?: TaskCheck | null;
  /** What the experiment's own check said; null when it has none or nothing was judged. */
  customCheck?: TaskCheck | null;
};

/** Where finished conversations go. The database is the truth: completed slots are read back on resume. */
interface ExperimentStore {
  completedSlots(): Set<string>;
  write(meta: SlotMeta, record: ConversationRecord): void;
  flush(): void;
}

export type Progress = { done: number; total: number; running: number };

export type ExperimentDependencies = {
  config: ExperimentConfig;
  agent: AgentRuntime;
  store: ExperimentStore;
  tools: ToolExecutor;
  /** The client of one variant: its settings, and the variant (which may name its own server). */
  createClient(settings: RunnerSettings, variant: VariantConfig): ModelClient;
  workspaces?: WorkspaceProvider;
  /** The experiment's own task-success check, written to a file (lib/task-success/custom-check.ts). */
  customCheck?: CustomCheckScript | null;
  /** Where the inputs come from when not from the config (a dataset's cases in the database). */
  inputs?: InputSource;
  onProgress?(progress: Progress): void;
  /** Hears every runner event of every conversation (a live view: streamed text, calls, results). */
  onEvent?(slot: SlotMeta, event: RunnerEvent): void;
};

export type ExperimentResult = { status: 'completed' | 'cancelled' | 'interrupted'; ran: number; skipped: number };

export type ExperimentRun = {
  done: Promise<ExperimentResult>;
  /** Stop; conversations in flight end as `cancelled` and are stored. */
  cancel(): void;
  /** Stop as if the process died: conversations in flight are not stored and run again on resume. */
  interrupt(): void;
  /** Start no more conversations; those in flight finish and are stored, and the run completes (an early stop). */
  stop(): void;
};

export function variantRuntime(agent: AgentRuntime, variant: VariantConfig): AgentRuntime {
  return {
    ...agent,
    systemPrompt: variant.systemPrompt ?? agent.systemPrompt,
    nodeContext: variant.nodeContext ?? agent.nodeContext,
  };
}

/** The model a variant's requests name: the variant's own, else the agent's (its LoRA adapter), else the endpoint's. */
export function variantSettings(
  config: ExperimentConfig,
  variant: VariantConfig,
  agent?: Pick<AgentRuntime, 'model'>,
): RunnerSettings {
  return resolveSettings({
    ...variant.settings,
    model: requestModel(config.endpoint.model, agent?.model, variant.model),
  });
}

/** Runs the slots of an experiment that are not stored yet, `concurrency` at a time. */
export function startExperiment(deps: ExperimentDependencies): ExperimentRun {
  const controller = new AbortController();
  // Every conversation in flight listens on this one signal (the HTTP client and the tools too).
  setMaxListeners(0, controller.signal);
  let mode: 'run' | 'cancel' | 'interrupt' | 'stop' = 'run';
  const done = execute(deps, controller.signal, () => mode);
  return {
    done,
    cancel() {
      if (mode === 'run') mode = 'cancel';
      controller.abort();
    },
    interrupt() {
      if (mode === 'run') mode = 'interrupt';
      controller.abort();
    },
    stop() {
      if (mode === 'run') mode = 'stop';
    },
  };
}

type SlotRun = {
  meta: SlotMeta;
  slotInput: ReturnType<InputSource['at']>;
  runtime: AgentRuntime;
  settings: RunnerSettings;
  client: ModelClient;
  scoring: Parameters<typeof caseResult>[1];
  signal: AbortSignal;
};

/** One slot's judged conversation; a bug in it is stored as this conversation's error, not thrown. */
async function runSlot(deps: ExperimentDependencies, slot: SlotRun) {
  const { meta, runtime, signal } = slot;
  const { input, runCase } = slot.slotInput;
  let scored: ReturnType<typeof caseResult> = null;
  try {
    const judged = await runJudgedConversation({
      agent: runtime,
      settings: slot.settings,
      input,
      run: {
        client: slot.client,
        tools: deps.tools,
        signal,
        sink: deps.onEvent ? { event: (event) => deps.onEvent?.(meta, event) } : undefined,
      },
      openWorkspace: providerWorkspace(deps.workspaces, meta, input),
      expectation: runCase?.expect ?? null,
      verdict: (finished) =>
        (scored = caseResult(runCase, slot.scoring, input, finished, runtime.tools))?.verdict ?? null,
      customCheck: deps.customCheck ?? null,
    });
    return { ...judged, scored };
  } catch (error) {
    // A bug must not take the other conversations down: it is stored as this one's error.
    const record = erroredRecord(
      { input, startedAt: Date.now(), durationMs: 0 },
      `internal error: ${errorMessage(error)}`,
    );
    const none = { taskCheck: null as TaskCheck | null, customCheck: null as TaskCheck | null, changes: null };
    return { record, scored: caseResult(runCase, slot.scoring, input, record, runtime.tools), ...none };
  }
}

async function execute(
  deps: ExperimentDependencies,
  signal: AbortSignal,
  mode: () => string,
): Promise<ExperimentResult> {
  const { config } = deps;
  const all = planSlots(config);
  const inputs = deps.inputs ?? inlineInputs(config.inputs, config.dataset);
  const scoring = config.dataset?.scoring ?? config.storedCases?.scoring;
  const completed = deps.store.completedSlots();
  const pending = all.filter((slot) => !completed.has(slotKey(slot.variantIndex, slot.slot)));
  const runtimes = config.variants.map((variant) => variantRuntime(deps.agent, variant));
  const settings = config.variants.map((variant) => variantSettings(config, variant, deps.agent));
  const clients = settings.map((variantSetting, index) => deps.createClient(variantSetting, config.variants[index]));
  const progress: Progress = { done: all.length - pending.length, total: all.length, running: 0 };
  deps.onProgress?.({ ...progress });

  let next = 0;
  let ran = 0;
  // Whether a cancel cut anything short; a cancel after every conversation ended changes nothing.
  let cutShort = false;
  const worker = async () => {
    while (next < pending.length && !signal.aborted && mode() !== 'stop') {
      const slot = pending[next++];
      progress.running += 1;
      const meta: SlotMeta = { ...slot, variantName: config.variants[slot.variantIndex].name };
      const { record, scored, taskCheck, customCheck, changes } = await runSlot(deps, {
        meta,
        slotInput: inputs.at(slot.inputIndex),
        runtime: runtimes[slot.variantIndex],
        settings: settings[slot.variantIndex],
        client: clients[slot.variantIndex],
        scoring,
        signal,
      });
      progress.running -= 1;
      if (mode() === 'interrupt') continue;
      if (record.outcome === 'cancelled') cutShort = true;
      deps.store.write(
        {
          ...meta,
          workspaceDiff: changes?.diff ?? null,
          changedFiles: changes?.changedFiles ?? null,
          ...scored,
          taskCheck,
          customCheck,
        },
        record,
      );
      ran += 1;
      progress.done += 1;
      deps.onProgress?.({ ...progress });
    }
  };
  const workers = Array.from({ length: Math.min(config.concurrency, Math.max(1, pending.length)) }, worker);
  await Promise.all(workers);
  deps.store.flush();
  if (next < pending.length) cutShort = true;
  const status = mode() === 'interrupt' ? 'interrupted' : mode() === 'cancel' && cutShort ? 'cancelled' : 'completed';
  return { status, ran, skipped: all.length - pending.length };
}
