// simple_tool: echoes its payload back, so that a harness run measures tool calling and nothing else.
import { defineTool } from '../../../lib/tools/define-tool';

export default defineTool(import.meta.url, (args) => {
  const payload = args.payload;
  if (typeof payload !== 'string') {
    return {
      outcome: 'error',
      result: null,
      error: 'payload must be a string: call simple_tool with {"payload": "some text"}',
    };
  }
  if (payload.length === 0) {
    return {
      outcome: 'error',
      result: null,
      error: 'payload is empty: call simple_tool again with the request text as the payload',
    };
  }
  // Length in characters as a person counts them (code points), not UTF-16 units.
  const length = [...payload].length;
  return {
    outcome: 'success',
    result: { payload, length },
    summary: `simple_tool echoed a payload of ${length} characters; now call submit_result`,
    knowledge_delta: { last_payload: payload },
  };
});
