// Phi-4-mini's turns (<|system|> ... <|end|>), the tools as JSON in <|tool|>...<|/tool|> inside the
// system turn, calls written after `functools`.
export const PHI4_MINI_TEMPLATE = `{%- if messages[0].role == 'system' or tools %}
{{- '<|system|>' }}{% if messages[0].role == 'system' %}{{- messages[0].content }}{% endif %}{% if tools %}
{{- '<|tool|>' + (tools | tojson) + '<|/tool|>' }}{% endif %}{{- '<|end|>' }}{% endif %}
{%- for message in messages %}
{%- if message.role == 'system' %}
{%- elif message.role == 'assistant' and message.tool_calls %}
{{- '<|assistant|>functools[' }}{% for call in message.tool_calls %}
{{- '{"name": "' + call.function.name + '", "arguments": ' + (call.function.arguments | tojson)
+ '}' }}{% if not loop.last %}, {% endif %}{% endfor %}{{- ']<|end|>' }}
{%- else %}
{{- '<|' + message.role + '|>' + message.content + '<|end|>' }}
{%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}{{- '<|assistant|>' }}{% endif %}`;
