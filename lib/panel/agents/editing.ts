// Prompt edits checked as the spec's validation checks a definition: the stored definition with its
// system prompt and node_context replaced by the draft, validated in the agent's own folder (so
// that script paths resolve as they will when it runs).
import { agentFolderFor } from './sync';
import { checkAgent, type ValidationReport } from '../../agents/validate';
import { getAgentByName } from '../../db/queries/agents';
import type { AgentRow } from '../../db/rows';
import { NotFoundError } from '../../errors';
import type { PanelContext } from '../context';
import type { PromptDraft } from './requests';

export type DraftValidation = ValidationReport & {
  /** Errors the draft brings that the stored definition does not have: these block saving it. */
  introduced: string[];
};

export function requireAgent(context: PanelContext, name: string): AgentRow {
  const row = getAgentByName(context.database, name);
  if (!row) throw new NotFoundError(`no agent named "${name}"`);
  return row;
}

export function agentFolder(context: PanelContext, row: Pick<AgentRow, 'sourcePath' | 'name'>): string {
  return agentFolderFor(row.sourcePath, row.name, context.root);
}

/** The stored prompt, read leniently (an invalid definition may lack it). */
export function storedPrompt(definition: Record<string, unknown>): PromptDraft {
  const initial = (definition.initial_context ?? {}) as Record<string, unknown>;
  return {
    systemPrompt: typeof initial.system_prompt === 'string' ? initial.system_prompt : '',
    nodeContext: typeof initial.node_context === 'string' ? initial.node_context : '',
  };
}

/** The definition with the draft's prompts in it; everything else as stored. */
export function definitionWithPrompt(definition: Record<string, unknown>, draft: PromptDraft): Record<string, unknown> {
  const initial =
    typeof definition.initial_context === 'object' && definition.initial_context !== null
      ? (definition.initial_context as Record<string, unknown>)
      : {};
  return {
    ...definition,
    initial_context: { ...initial, system_prompt: draft.systemPrompt, node_context: draft.nodeContext },
  };
}

/** Validates the agent as it would be with the draft's prompts. */
export function validatePromptDraft(context: PanelContext, name: string, draft: PromptDraft): DraftValidation {
  const row = requireAgent(context, name);
  const folder = agentFolder(context, row);
  const before = checkAgent(row.definition, folder).report;
  const after = checkAgent(definitionWithPrompt(row.definition, draft), folder).report;
  const known = new Set(before.errors);
  return { ...after, introduced: after.errors.filter((error) => !known.has(error)) };
}
