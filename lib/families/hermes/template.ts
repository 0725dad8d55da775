// ChatML with the tool block Qwen 2.5 Instruct writes into the system turn, calls and tool results in
// <tool_call> / <tool_response> tags (tool results ride in a user turn, as Qwen's template does).
// It renders what Qwen2.5-Instruct's own template renders (lib/families/fixtures/published-renderings.json,
// checked by published-templates.test.ts), Qwen's default system prompt included.
// Qwen3 shares the tags but its own template differs (rendered on the same fixtures): no default
// system prompt, and the last assistant turn after the last user question opens with a <think>
// block (empty when it holds no reasoning, so a call-result-answer exchange gains `<think>\n\n</think>`);
// it also writes call arguments given as a string as they are, and ends the generation prompt with an
// empty <think> block when enable_thinking is false. Use the model's own template (GGUF or
// tokenizer_config.json) for Qwen3 and SmolLM3.
// Every piece of text is written with `{{- '...' }}` so that trim_blocks cannot eat a newline.
export const HERMES_TEMPLATE = String.raw`
{%- set system = messages[0].content if messages[0].role == 'system' else
  'You are Qwen, created by Alibaba Cloud. You are a helpful assistant.' %}
{%- if tools %}
{{- '<|im_start|>system\n' + system }}
{{- '\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' }}
{{- 'You are provided with function signatures within <tools></tools> XML tags:\n<tools>' }}
{%- for tool in tools %}{{- '\n' + (tool | tojson) }}{% endfor %}
{{- '\n</tools>\n\nFor each function call, return a json object with function name and arguments ' }}
{{- 'within <tool_call></tool_call> XML tags:\n<tool_call>\n' }}
{{- '{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call><|im_end|>\n' }}
{%- else %}
{{- '<|im_start|>system\n' + system + '<|im_end|>\n' }}
{%- endif %}
{%- for message in messages %}
{%- if message.role == 'user' or (message.role == 'system' and not loop.first)
  or (message.role == 'assistant' and not message.tool_calls) %}
{{- '<|im_start|>' + message.role + '\n' + message.content + '<|im_end|>\n' }}
{%- elif message.role == 'assistant' %}
{{- '<|im_start|>assistant' }}
{%- if message.content %}{{- '\n' + message.content }}{% endif %}
{%- for call in message.tool_calls %}
{{- '\n<tool_call>\n{"name": "' + call.function.name + '", "arguments": ' }}
{{- (call.function.arguments | tojson) + '}\n</tool_call>' }}
{%- endfor %}
{{- '<|im_end|>\n' }}
{%- elif message.role == 'tool' %}
{%- if loop.first or messages[loop.index0 - 1].role != 'tool' %}{{- '<|im_start|>user' }}{% endif %}
{{- '\n<tool_response>\n' + message.content + '\n</tool_response>' }}
{%- if loop.last or messages[loop.index0 + 1].role != 'tool' %}{{- '<|im_end|>\n' }}{% endif %}
{%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}{{- '<|im_start|>assistant\n' }}{% endif %}`;
