// xLAM-2 on its Qwen base as vLLM's examples/tool_chat_template_xlam_qwen.jinja writes it: ChatML,
// the tools as indented JSON in the system turn (after xLAM's calling instructions when no system
// prompt is given), past calls as a JSON list of {"name", "arguments"}, results in `tool` turns.
// Checked by published-templates.test.ts. The instructions are written whenever there is no system
// prompt, tools or not, as that template does (its `tools is not none` holds for absent tools).
const FORMAT_INSTRUCTION =
  'You have access to a set of tools. When using tools, make calls in a single JSON array: \n\n' +
  '[{"name": "tool_call_name", "arguments": {"arg1": "value1", "arg2": "value2"}}, ... ' +
  '(additional parallel tool calls as needed)]\n\n' +
  "If no tool is suitable, state that explicitly. If the user's input lacks required parameters, ask for " +
  'clarification. Do not interpret or respond until tool results are returned. Once they are available, ' +
  "process them or make additional calls if needed. For tasks that don't require tools, such as casual " +
  'conversation or general advice, respond directly in plain text. The available tools are:';

export const XLAM_TEMPLATE = String.raw`{{- '<|im_start|>system\n' }}
{%- if messages[0].role == 'system' %}{{- (messages[0].content | trim) + '\n' }}
{%- else %}
{{- 'You are a helpful assistant. You are developed by Salesforce xLAM team.\n' }}
{{- ${JSON.stringify(FORMAT_INSTRUCTION)} + '\n\n' }}
{%- endif %}
{%- if tools %}{% for tool in tools %}{{- (tool | tojson(indent=4)) + '\n\n' }}{% endfor %}{% endif %}
{{- '<|im_end|>\n' }}
{%- for message in (messages[1:] if messages[0].role == 'system' else messages) %}
{%- if message.role == 'tool' %}
{{- '<|im_start|>tool\n' + message.content + '<|im_end|>\n' }}
{%- elif message.tool_calls %}
{{- '<|im_start|>assistant\n[' }}
{%- for call in message.tool_calls %}
{{- '{"name": ' + (call.function.name | tojson) + ', "arguments": ' + (call.function.arguments | tojson) + '}' }}
{%- if not loop.last %}{{- ', ' }}{% endif %}
{%- endfor %}
{{- ']<|im_end|>\n' }}
{%- else %}
{{- '<|im_start|>' + message.role + '\n' + (message.content | trim) + '<|im_end|>\n' }}
{%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}{{- '<|im_start|>assistant\n' }}{% endif %}`;
