// Whether an agent works on Python code (a node of a module: its name, kind and file), as the
// docstring, lint, test and sample_data agents do, or on text requests, as smart_home and harness do.
// Only the first kind can run over a repository (a campaign) or take inputs made from Python files.

const NODE_FIELDS = /\{\{\s*(file_path|node_type|node_name)\b/;

/** True when the agent's node context names a Python node's fields, or it declares the node types it takes. */
export function worksOnPythonNodes(definition: { initial_context?: unknown; settings?: unknown }): boolean {
  const settings = (definition.settings ?? {}) as Record<string, unknown>;
  if (Array.isArray(settings.campaign_node_types)) return true;
  const initial = (definition.initial_context ?? {}) as Record<string, unknown>;
  return typeof initial.node_context === 'string' && NODE_FIELDS.test(initial.node_context);
}
