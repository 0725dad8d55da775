// The lint agent's ruff configuration: settings.ruff of the agent definition, handed to every tool as context.
import type { ToolContext } from '../../../lib/tools/protocol';

export type RuffSettings = { ok: true; settings: Record<string, unknown> } | { ok: false; error: string };

export function ruffSettings(context: ToolContext): RuffSettings {
  const value = context.settings.ruff;
  if (value === undefined || value === null) return { ok: true, settings: {} };
  if (typeof value !== 'object' || Array.isArray(value))
    return { ok: false, error: "the agent's settings.ruff must be an object of ruff settings (as in [tool.ruff])" };
  return { ok: true, settings: value as Record<string, unknown> };
}

/** Issues as the model sees them: the five facts it needs, no fix internals. */
export function issueView(issue: {
  code: string;
  line: number;
  column: number;
  message: string;
  fixable: boolean;
  unsafe_fix: boolean;
}) {
  return {
    code: issue.code,
    line: issue.line,
    column: issue.column,
    message: issue.message,
    fixable: issue.fixable,
    ...(issue.unsafe_fix && !issue.fixable ? { unsafe_fix_not_applied: true } : {}),
  };
}

export const MAX_LISTED_ISSUES = 40;

export function previousCount(context: ToolContext, key: string): number {
  const value = context.knowledge[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
