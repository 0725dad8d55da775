import { setMaxListeners } from 'node:events';
import type { AgentRuntime, ConversationRecord, ModelClient, RunnerEvent, RunnerSettings } from '../runner/types';
import type { ToolExecutor } from '../tools/protocol';
import { runConversation } from '../runner/run-conversation';
import { resolveSettings } from '../runner/settings';
import { requestModel } from '../serving/models';
import { errorMessage } from '../errors';
import { planSlots, slotKey, type ExperimentConfig, type Slot, type VariantConfig } from './config';
import { caseResult } from '../datasets/experiment-cases';
import type { Verdict } from '../datasets/verdict';

export type SlotMeta = Slot & {
  variantName: string;
  workspaceDiff?: string | null;
  changedFiles?: string[] | null;
  /** For a dataset run: the case this conversation ran and the verdict on its first response. */
  caseId?: string | null;
  verdict?: Verdict | null;
};

/** Where finished conversations go. The database is the truth: completed slots are read back on resume. */
export interface ExperimentStore {
  completedSlots(): Set<string>;
  write(meta: SlotMeta, record: ConversationRecord): void;
  flush(): void;
}

export type Progress = { done: number; total: number; running: number };

/** A private workspace per conversation, for agents whose tools change files. */
export interface WorkspaceProvider {
  create(slot: SlotMeta, input: ConversationRecord['input']): Promise<{ path: string; finish(): Promise<{ diff: string | null; changedFiles: string[] }> }>;
}

export type ExperimentDependencies = {
  config: ExperimentConfig;
  agent: AgentRuntime;
  store: ExperimentStore;
  tools: ToolExecutor;
  createClient(settings: RunnerSettings): ModelClient;
  workspaces?: WorkspaceProvider;
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
};

export function variantRuntime(agent: AgentRuntime, variant: VariantConfig): AgentRuntime {
  return { ...agent, systemPrompt: variant.systemPrompt ?? agent.systemPrompt, nodeContext: variant.nodeContext ?? agent.nodeContext };
}

/** The model a variant's requests name: the variant's own, else the agent's (its LoRA adapter), else the endpoint's. */
export function variantSettings(config: ExperimentConfig, variant: VariantConfig, agent?: Pick<AgentRuntime, 'model'>): RunnerSettings {
  return resolveSettings({ ...variant.settings, model: requestModel(config.endpoint.model, agent?.model, variant.model) });
}

/** Runs the slots of an experiment that are not stored yet, `concurrency` at a time. */
export function startExperiment(deps: ExperimentDependencies): ExperimentRun {
  const controller = new AbortController();
  // Every conversation in flight listens on this one signal (the HTTP client and the tools too).
  setMaxListeners(0, controller.signal);
  let mode: 'run' | 'cancel' | 'interrupt' = 'run';
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
  };
}

async function execute(deps: ExperimentDependencies, signal: AbortSignal, mode: () => string): Promise<ExperimentResult> {
  const { config } = deps;
  const all = planSlots(config);
  const completed = deps.store.completedSlots();
  const pending = all.filter((slot) => !completed.has(slotKey(slot.variantIndex, slot.slot)));
  const runtimes = config.variants.map((variant) => variantRuntime(deps.agent, variant));
  const settings = config.variants.map((variant) => variantSettings(config, variant, deps.agent));
  const clients = settings.map((variantSetting) => deps.createClient(variantSetting));
  const progress: Progress = { done: all.length - pending.length, total: all.length, running: 0 };
  deps.onProgress?.({ ...progress });

  let next = 0;
  let ran = 0;
  const worker = async () => {
    while (next < pending.length && !signal.aborted) {
      const slot = pending[next++];
      progress.running += 1;
      const meta: SlotMeta = { ...slot, variantName: config.variants[slot.variantIndex].name };
      const input = config.inputs[slot.inputIndex];
      let record: ConversationRecord;
      let changes: { diff: string | null; changedFiles: string[] } | null = null;
      let workspace: Awaited<ReturnType<WorkspaceProvider['create']>> | null = null;
      try {
        workspace = deps.workspaces ? await deps.workspaces.create(meta, input) : null;
        record = await runConversation(runtimes[slot.variantIndex], settings[slot.variantIndex], input, {
          client: clients[slot.variantIndex],
          tools: deps.tools,
          workspace: workspace?.path ?? null,
          signal,
          sink: deps.onEvent ? { event: (event) => deps.onEvent?.(meta, event) } : undefined,
        });
        const finishing = workspace;
        workspace = null;
        changes = finishing ? await finishing.finish() : null;
      } catch (error) {
        // A bug must not take the other conversations down: it is stored as this one's error.
        record = failedRecord(input, `internal error: ${errorMessage(error)}`);
        // The workspace is still removed; its diff is of no use next to a failed conversation.
        if (workspace) await workspace.finish().catch((cleanupError: unknown) => console.error(`could not remove a workspace: ${errorMessage(cleanupError)}`));
      }
      progress.running -= 1;
      if (mode() === 'interrupt') continue;
      const scored = caseResult(config.dataset, slot.inputIndex, input, record, runtimes[slot.variantIndex].tools);
      deps.store.write({ ...meta, workspaceDiff: changes?.diff ?? null, changedFiles: changes?.changedFiles ?? null, ...scored }, record);
      ran += 1;
      progress.done += 1;
      deps.onProgress?.({ ...progress });
    }
  };
  const workers = Array.from({ length: Math.min(config.concurrency, Math.max(1, pending.length)) }, worker);
  await Promise.all(workers);
  deps.store.flush();
  const status = mode() === 'cancel' ? 'cancelled' : mode() === 'interrupt' ? 'interrupted' : 'completed';
  return { status, ran, skipped: all.length - pending.length };
}

function failedRecord(input: ConversationRecord['input'], error: string): ConversationRecord {
  return { input, messages: [], modelCalls: [], toolExecutions: [], outcome: 'error', result: null, finalText: null, error, knowledge: {}, startedAt: Date.now(), durationMs: 0 };
}
