// The checks the spec asks of an agent definition; errors make it unusable, warnings are advice.
import { parseAgentDefinition, type AgentDefinition, type DefinitionIssue } from './definition';
import { SUBMIT_RESULT } from '../protocol/conversation';
import { dataFileProblem, scriptProblem } from './agent-paths';
import { checkSchema } from '../parsing/arguments';
import { TEMPLATE_VARIABLES, hasPlaceholders, unknownTemplateVariables } from '../runner/template';

export type ValidationReport = { errors: string[]; warnings: string[] };

/** Where a field sits in the source file (e.g. "line 4, column 3"), when known. */
export type Locator = (fieldPath: (string | number)[]) => string | null;

export const TASK_DESCRIPTION_WARNING =
  'the system prompt has no <task_description>...</task_description> block; FunctionGemma was trained with one';
const PYTHON_SETTING_WARNING =
  'settings.python is ignored: Remora runs Python with its own interpreter (python3, or REMORA_PYTHON), ' +
  'never one an agent names';
export const DIRECTIVE_WARNING = 'the system prompt lacks the directive "Always respond with a tool call"';

function formatFieldPath(fieldPath: (string | number)[]): string {
  return fieldPath.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part),
    '',
  );
}

function formatIssue(issue: DefinitionIssue, locate?: Locator): string {
  const field = formatFieldPath(issue.path) || 'the file';
  const where = locate?.(issue.locationPath ?? issue.path);
  return `${field}${where ? ` (${where})` : ''}: ${issue.message}`;
}

/**
 * Validates a parsed definition file (the YAML as data) for an agent living in `folder` and, when
 * the shape is right, also hands back the typed definition.
 */
export function checkAgent(
  definition: unknown,
  folder: string,
  locate?: Locator,
): { report: ValidationReport; definition: AgentDefinition | null } {
  const parsed = parseAgentDefinition(definition);
  if (!parsed.ok)
    return {
      report: { errors: parsed.issues.map((issue) => formatIssue(issue, locate)), warnings: [] },
      definition: null,
    };
  return { report: validateParsedAgent(parsed.definition, folder, locate), definition: parsed.definition };
}

function validateParsedAgent(definition: AgentDefinition, folder: string, locate?: Locator): ValidationReport {
  const errors: string[] = [];
  const warnings: string[] = [];
  const at = (fieldPath: (string | number)[]) => {
    const where = locate?.(fieldPath);
    return where ? ` (${where})` : '';
  };
  const toolNames = definition.tools.map((tool) => tool.name);

  if (!definition.text_answer_ends && !toolNames.includes(SUBMIT_RESULT)) {
    errors.push(`no ${SUBMIT_RESULT} tool: add one, or set text_answer_ends: true if a text answer ends this agent`);
  }
  if (definition.tools.length < 2) {
    errors.push(`tools: an agent needs at least two tools, it has ${definition.tools.length}`);
  }

  definition.tools.forEach((tool, index) => {
    const field = `tools[${index}] (${tool.name})`;
    if (tool.script !== undefined) {
      const problem = scriptProblem(folder, tool.script);
      if (problem) errors.push(`${field}.script${at(['tools', index, 'script'])}: ${tool.script} ${problem}`);
    }
    for (const problem of checkSchema(tool.parameters)) {
      errors.push(`${field}.parameters${at(['tools', index, 'parameters'])} is not a valid JSON Schema: ${problem}`);
    }
  });

  const check = definition.task_success?.script;
  if (check !== undefined) {
    const problem = scriptProblem(folder, check);
    if (problem) errors.push(`task_success.script${at(['task_success', 'script'])}: ${check} ${problem}`);
  }
  for (const field of ['default_inputs', 'default_dataset'] as const) {
    const file = definition[field];
    const problem = file === undefined ? null : dataFileProblem(folder, file);
    if (problem) errors.push(`${field}${at([field])}: ${file} ${problem}`);
  }
  if (definition.settings?.python !== undefined) warnings.push(PYTHON_SETTING_WARNING);

  const unknown = unknownTemplateVariables(definition.initial_context.node_context);
  if (unknown.length > 0) {
    const names = unknown.map((name) => `{{ ${name} }}`).join(', ');
    const known = TEMPLATE_VARIABLES.join(', ');
    errors.push(
      `initial_context.node_context${at(['initial_context', 'node_context'])} uses unknown template variables ` +
        `${names}; known: ${known}`,
    );
  }

  const systemPrompt = definition.initial_context.system_prompt;
  if (!/<task_description>[\s\S]*?<\/task_description>/.test(systemPrompt)) warnings.push(TASK_DESCRIPTION_WARNING);
  // Line breaks in a YAML block may split the directive; compare with whitespace collapsed.
  if (!systemPrompt.replace(/\s+/g, ' ').toLowerCase().includes('always respond with a tool call'))
    warnings.push(DIRECTIVE_WARNING);
  if (hasPlaceholders(systemPrompt)) {
    warnings.push(
      'the system prompt contains {{ ... }} placeholders; only node_context is filled from the input, ' +
        'so they are sent as written',
    );
  }
  return { errors, warnings };
}
