// Named prompt variants of an agent, with every saved version kept (lib/db/queries/prompt-variants).
//
// The variant named "default" is the agent's own prompt, the one in its stored definition that an
// experiment uses when a variant gives none. Saving "default" writes a version and updates the
// stored definition in one transaction; its history starts with the prompt as it was before the
// first save, so that what was imported from agents/ is never lost. Other variants live beside the
// definition and never change it. Files under agents/ are never written.
import { immediateTransaction } from '../../db/transaction';
import type { RemoraDatabase } from '../../db/client';
import { upsertAgent } from '../../db/queries/agents';
import {
  forkVariant,
  getVariant,
  variantOrigin,
  listLatestVariants,
  listVariantHistory,
  saveVariantVersion,
} from '../../db/queries/prompt-variants';
import type { AgentRow, PromptVariantRow } from '../../db/rows';
import { InputError, NotFoundError } from '../../errors';
import { definitionWithPrompt, requireAgent, storedPrompt, validatePromptDraft, type DraftValidation } from './editing';
import { DEFINITION_VERSION, type ForkVariantRequest, type PromptDraft, type SaveVariantRequest } from './requests';
import type { PanelContext } from '../context';
import { diffText, type TextDiff } from './variants-diff';
import type { VersionRef } from './lineage';

export const DEFAULT_VARIANT = 'default';

export type VariantVersionView = {
  id: string;
  name: string;
  version: number;
  systemPrompt: string;
  /** The template as saved; a version saved without one shows the agent's template now. */
  nodeContext: string;
  nodeContextInherited: boolean;
  note: string | null;
  /** The version this one was saved over, or forked from. */
  parent: { id: string; name: string; version: number } | null;
  createdAt: number;
};

export type VariantSummaryView = {
  name: string;
  /** The agent's own prompt (see the top of this file). */
  isDefault: boolean;
  versionCount: number;
  /** Null only for "default" before its first save. */
  latest: VariantVersionView | null;
  /** The version it was forked from (its first version's parent, another variant); null otherwise. */
  origin: VersionRef | null;
};

export type PromptVariantsView = { agentName: string; definition: PromptDraft; variants: VariantSummaryView[] };

export type SavedVariant = { version: VariantVersionView; unchanged: boolean; validation: DraftValidation };

export type VersionDiff = {
  from: { id: string; label: string };
  to: { id: string; label: string };
  systemPrompt: TextDiff;
  nodeContext: TextDiff;
};

function samePrompt(left: PromptDraft, right: PromptDraft): boolean {
  return left.systemPrompt === right.systemPrompt && left.nodeContext === right.nodeContext;
}

function versionView(database: RemoraDatabase, row: PromptVariantRow, agentNodeContext: string): VariantVersionView {
  const parentRow = row.parentId ? getVariant(database, row.parentId) : null;
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    systemPrompt: row.systemPrompt,
    nodeContext: row.nodeContext ?? agentNodeContext,
    nodeContextInherited: row.nodeContext === null,
    note: row.note,
    parent: parentRow ? { id: parentRow.id, name: parentRow.name, version: parentRow.version } : null,
    createdAt: row.createdAt,
  };
}

function promptOf(view: Pick<VariantVersionView, 'systemPrompt' | 'nodeContext'>): PromptDraft {
  return { systemPrompt: view.systemPrompt, nodeContext: view.nodeContext };
}

export function listPromptVariants(context: PanelContext, agentName: string): PromptVariantsView {
  const row = requireAgent(context, agentName);
  const definition = storedPrompt(row.definition);
  const latest = listLatestVariants(context.database, row.id);
  const summaries = latest.map((variant) => ({
    name: variant.name,
    isDefault: variant.name === DEFAULT_VARIANT,
    versionCount: variant.version,
    latest: versionView(context.database, variant, definition.nodeContext),
    origin: variantOrigin(context.database, variant),
  }));
  const withoutDefault = summaries.filter((summary) => !summary.isDefault);
  const defaultSummary = summaries.find((summary) => summary.isDefault) ?? {
    name: DEFAULT_VARIANT,
    isDefault: true,
    versionCount: 0,
    latest: null,
    origin: null,
  };
  return { agentName: row.name, definition, variants: [defaultSummary, ...withoutDefault] };
}

/** Every version of one variant, newest first. */
export function getVariantHistory(context: PanelContext, agentName: string, variantName: string): VariantVersionView[] {
  const row = requireAgent(context, agentName);
  const { nodeContext } = storedPrompt(row.definition);
  const versions = listVariantHistory(context.database, row.id, variantName);
  // "default" is the agent's own prompt: it exists before its first save, with no versions yet.
  if (versions.length === 0 && variantName !== DEFAULT_VARIANT) {
    throw new NotFoundError(`agent "${agentName}" has no prompt variant "${variantName}"`);
  }
  return versions.map((version) => versionView(context.database, version, nodeContext));
}

/**
 * Writes the "default" history for a change of the agent's own prompt from `before` to `after`:
 * first the prompt as it was when the history does not end with it (the imported prompt, or one
 * changed outside the panel), then the new one. Call it inside the transaction that also updates
 * the stored definition. Returns the new version, or null when the prompt did not change.
 */
export function recordDefaultPrompt(
  database: RemoraDatabase,
  agent: AgentRow,
  after: PromptDraft,
  note: string | null,
): PromptVariantRow | null {
  const before = storedPrompt(agent.definition);
  const [latest] = listVariantHistory(database, agent.id, DEFAULT_VARIANT);
  const latestPrompt = latest
    ? { systemPrompt: latest.systemPrompt, nodeContext: latest.nodeContext ?? before.nodeContext }
    : null;
  if (!latestPrompt || !samePrompt(latestPrompt, before)) {
    saveVariantVersion(database, {
      agentId: agent.id,
      name: DEFAULT_VARIANT,
      ...before,
      note: latest
        ? 'the agent’s prompt as it was before this save (changed outside the prompt editor)'
        : 'the agent’s prompt as imported',
    });
  }
  if (samePrompt(before, after)) return null;
  return saveVariantVersion(database, { agentId: agent.id, name: DEFAULT_VARIANT, ...after, note });
}

/**
 * Saves the draft as the next version of the named variant. Refused (InputError) when the draft
 * brings errors the stored agent does not have; warnings are fine. Saving what the latest version
 * already holds writes nothing.
 */
export function saveVariant(context: PanelContext, agentName: string, request: SaveVariantRequest): SavedVariant {
  const validation = validatePromptDraft(context, agentName, request);
  if (validation.introduced.length > 0)
    throw new InputError('the prompt has errors; fix them before saving', validation.introduced);
  const draft: PromptDraft = { systemPrompt: request.systemPrompt, nodeContext: request.nodeContext };
  const note = request.note || null;
  const { database } = context;
  // Read, compare and write under one lock, so that two saves cannot both take the same version.
  const saved = immediateTransaction(database, () => {
    const agent = requireAgent(context, agentName);
    const agentNodeContext = storedPrompt(agent.definition).nodeContext;
    const [latest] = listVariantHistory(database, agent.id, request.name);
    if (request.name === DEFAULT_VARIANT) {
      const written = recordDefaultPrompt(database, agent, draft, note);
      if (written)
        upsertAgent(database, {
          name: agent.name,
          definition: definitionWithPrompt(agent.definition, draft),
          sourcePath: agent.sourcePath,
        });
      const [newest] = listVariantHistory(database, agent.id, DEFAULT_VARIANT);
      return {
        row: newest,
        unchanged: written === null,
        agentNodeContext: written ? draft.nodeContext : agentNodeContext,
      };
    }
    if (latest && samePrompt(promptOf(versionView(database, latest, agentNodeContext)), draft))
      return { row: latest, unchanged: true, agentNodeContext };
    return {
      row: saveVariantVersion(database, { agentId: agent.id, name: request.name, ...draft, note }),
      unchanged: false,
      agentNodeContext,
    };
  });
  return { version: versionView(database, saved.row, saved.agentNodeContext), unchanged: saved.unchanged, validation };
}

function versionOfAgent(context: PanelContext, agent: AgentRow, id: string): PromptVariantRow {
  const row = getVariant(context.database, id);
  if (!row || row.agentId !== agent.id) throw new NotFoundError(`agent "${agent.name}" has no prompt version ${id}`);
  return row;
}

/** Starts a new variant from a saved version (or from the agent's prompt, "definition"). */
export function forkPromptVariant(
  context: PanelContext,
  agentName: string,
  request: ForkVariantRequest,
): VariantVersionView {
  const { database } = context;
  const forked = immediateTransaction(database, () => {
    const agent = requireAgent(context, agentName);
    const agentPrompt = storedPrompt(agent.definition);
    if (request.name === DEFAULT_VARIANT)
      throw new InputError(
        '"default" is the agent’s own prompt: open it and save a version instead of forking into it',
        ['name: choose another name'],
      );
    if (listVariantHistory(database, agent.id, request.name).length > 0) {
      throw new InputError(
        `the variant "${request.name}" exists already; choose another name, or open it and save a version`,
        ['name: taken'],
      );
    }
    if (request.sourceId === DEFINITION_VERSION) {
      return saveVariantVersion(database, {
        agentId: agent.id,
        name: request.name,
        ...agentPrompt,
        note: request.note ?? 'forked from the agent’s prompt',
        parentId: null,
      });
    }
    const source = versionOfAgent(context, agent, request.sourceId);
    return forkVariant(database, source.id, {
      name: request.name,
      nodeContext: source.nodeContext ?? agentPrompt.nodeContext,
      note: request.note ?? `forked from ${source.name} v${source.version}`,
    });
  });
  return versionView(database, forked, storedPrompt(requireAgent(context, agentName).definition).nodeContext);
}

type Side = { id: string; label: string; prompt: PromptDraft };

function resolveSide(context: PanelContext, agent: AgentRow, id: string): Side {
  const agentPrompt = storedPrompt(agent.definition);
  if (id === DEFINITION_VERSION) return { id, label: 'the agent’s prompt now', prompt: agentPrompt };
  const row = versionOfAgent(context, agent, id);
  return {
    id,
    label: `${row.name} v${row.version}`,
    prompt: { systemPrompt: row.systemPrompt, nodeContext: row.nodeContext ?? agentPrompt.nodeContext },
  };
}

/** The line diff between any two versions of the agent's variants (or its prompt now). */
export function diffVersions(context: PanelContext, agentName: string, fromId: string, toId: string): VersionDiff {
  const agent = requireAgent(context, agentName);
  const from = resolveSide(context, agent, fromId);
  const to = resolveSide(context, agent, toId);
  return {
    from: { id: from.id, label: from.label },
    to: { id: to.id, label: to.label },
    systemPrompt: diffText(from.prompt.systemPrompt, to.prompt.systemPrompt),
    nodeContext: diffText(from.prompt.nodeContext, to.prompt.nodeContext),
  };
}
