// xLAM-2 on its Qwen base: ChatML, the tools as JSON in the system turn with the instruction to
// answer with a JSON list of calls.
export const XLAM_TEMPLATE = `
{%- set system = messages[0].content if messages[0].role == 'system' else
  'You are a helpful assistant that can use tools.' %}
{{- '<|im_start|>system\\n' + system }}
{%- if tools %}
{{- '\\n\\nYou have access to the following tools:\\n' + (tools | tojson)
+ '\\n\\nTo call tools, answer with a JSON list: [{"name": "tool_name", "arguments": {"arg": "value"}}]' }}{% endif %}
{{- '<|im_end|>\\n' }}
{%- for message in messages %}
{%- if message.role == 'system' %}
{%- elif message.role == 'assistant' and message.tool_calls %}
{{- '<|im_start|>assistant\\n[' }}{% for call in message.tool_calls %}
{{- '{"name": "' + call.function.name + '", "arguments": ' + (call.function.arguments | tojson)
+ '}' }}{% if not loop.last %}, {% endif %}{% endfor %}{{- ']<|im_end|>\\n' }}
{%- else %}
{{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>\\n' }}
{%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{% endif %}`;
