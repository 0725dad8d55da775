// A tool call on a pasted function, with no file (the read-only tools then use the node's text): what
// the shared-parser test and bench/tool-parser.ts send to the agents' Python tools.
import type { ToolRequest } from '../../tools/protocol';

const AREA_SOURCE = 'def area(width: float, height: float = 1.0) -> float:\n    return width * height\n';

export function pastedFunctionRequest(workspace: string): ToolRequest {
  return {
    arguments: {},
    context: {
      workspace,
      filePath: null,
      nodeText: AREA_SOURCE,
      nodeName: 'area',
      nodeType: 'function',
      settings: {},
      knowledge: {},
    },
  };
}
