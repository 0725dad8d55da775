// Response schemas of the agent routes (/api/agents...).
import { z } from 'zod';
import { ChatMessage, Count, Id, Timestamp } from './common';
import { FAMILY_NAMES } from '../families/family';

const ToolView = z.looseObject({
  name: z.string(),
  description: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  builtIn: z.boolean(),
});

const AgentFields = {
  id: Id,
  name: z.string(),
  description: z.string().nullable(),
  maxTurns: z.number().int().positive().nullable(),
  systemPrompt: z.string().nullable(),
  nodeContext: z.string().nullable(),
  sourcePath: z.string().nullable(),
  inputCount: Count.nullable(),
  worksOnPython: z.boolean(),
  valid: z.boolean(),
  problems: z.array(z.string()),
  warnings: z.array(z.string()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

const AgentView = z.strictObject({ ...AgentFields, tools: z.array(ToolView) });

/** GET /api/agents */
export const AgentList = z.strictObject({ agents: z.array(AgentView) });

/** GET /api/agents/:name */
export const AgentDetail = z.strictObject({
  ...AgentFields,
  tools: z.array(
    ToolView.extend({
      script: z.string().nullable(),
      timeoutMs: z.number().positive(),
      maxOutputBytes: z.number().positive(),
    }),
  ),
  model: z.string().nullable(),
  textAnswerEnds: z.boolean(),
  settings: z.record(z.string(), z.unknown()).nullable(),
  inputsSource: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('file'), file: z.string() }),
    z.strictObject({ kind: z.literal('inline') }),
    z.strictObject({ kind: z.literal('none') }),
  ]),
  inputs: z.array(
    z.strictObject({
      index: Count,
      label: z.string(),
      nodeType: z.string().nullable(),
      filePath: z.string().nullable(),
      lineCount: Count,
    }),
  ),
  inputsProblem: z.string().nullable(),
  defaultDataset: z.string().nullable(),
  folder: z.string(),
});

/** POST /api/agents: an agent imported from YAML (or checked, in a dry run). */
export const AgentImport = z.strictObject({
  name: z.string(),
  replaces: z.boolean(),
  stored: z.boolean(),
  warnings: z.array(z.string()),
  folder: z.string(),
  /** The scripts it runs, relative to folder; importing new ones needs `allowScripts` (SECURITY.md). */
  scripts: z.array(z.string()),
  needsConfirmation: z.boolean(),
});

const PromptDraft = z.strictObject({ systemPrompt: z.string(), nodeContext: z.string() });

export const VariantVersion = z.strictObject({
  id: Id,
  name: z.string(),
  version: z.number().int().positive(),
  systemPrompt: z.string(),
  nodeContext: z.string(),
  nodeContextInherited: z.boolean(),
  note: z.string().nullable(),
  parent: z.strictObject({ id: Id, name: z.string(), version: z.number().int().positive() }).nullable(),
  createdAt: Timestamp,
});

/** GET /api/agents/:name/variants */
export const PromptVariants = z.strictObject({
  agentName: z.string(),
  definition: PromptDraft,
  variants: z.array(
    z.strictObject({
      name: z.string(),
      isDefault: z.boolean(),
      versionCount: Count,
      latest: VariantVersion.nullable(),
      /** The version it was forked from (another variant's); null otherwise. */
      origin: z.strictObject({ name: z.string(), version: z.number().int().positive() }).nullable(),
    }),
  ),
});

/** GET /api/agents/:name/variants/:variant */
export const VariantHistory = z.strictObject({ versions: z.array(VariantVersion) });

/** POST /api/agents/:name/validate */
export const DraftValidation = z.strictObject({
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  introduced: z.array(z.string()),
});

/** POST /api/agents/:name/variants */
export const SavedVariant = z.strictObject({
  version: VariantVersion,
  unchanged: z.boolean(),
  validation: DraftValidation,
});

const TextDiff = z.strictObject({
  lines: z.array(
    z.strictObject({
      kind: z.enum(['added', 'removed', 'same']),
      text: z.string(),
      // Present on a changed line that has a counterpart: the line cut into spans, changed words marked.
      words: z.array(z.strictObject({ text: z.string(), changed: z.boolean() })).optional(),
    }),
  ),
  added: Count,
  removed: Count,
  changed: z.boolean(),
});

/** GET /api/agents/:name/diff */
export const VersionDiff = z.strictObject({
  from: z.strictObject({ id: Id, label: z.string() }),
  to: z.strictObject({ id: Id, label: z.string() }),
  systemPrompt: TextDiff,
  nodeContext: TextDiff,
});

/** POST /api/agents/:name/preview */
export const PromptPreview = z.strictObject({
  /** The model family whose format the prompt is in. */
  family: z.enum(FAMILY_NAMES),
  segments: z.array(z.strictObject({ kind: z.enum(['control', 'text']), text: z.string() })),
  tokenEstimate: Count,
  characters: Count,
  messages: z.array(ChatMessage),
  toolsSent: Count,
  input: z.discriminatedUnion('source', [
    z.strictObject({ source: z.literal('agent'), index: Count }),
    z.strictObject({ source: z.literal('typed') }),
    z.strictObject({ source: z.literal('empty') }),
  ]),
});

/** POST /api/agents/:name/inputs: the Python nodes found, and what was saved. */
export const PythonInputs = z.strictObject({
  nodes: z.array(
    z.strictObject({ name: z.string(), type: z.string(), filePath: z.string(), startLine: Count, endLine: Count }),
  ),
  nodeCount: Count,
  fileCount: Count,
  problems: z.array(z.string()),
  saved: z.strictObject({ mode: z.enum(['replace', 'append']), inputCount: Count }).nullable(),
});
