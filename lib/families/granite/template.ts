// Granite's role markers, the tools as a JSON list in an `available_tools` turn, calls after
// <|tool_call|>, results in `tool_response` turns.
export const GRANITE_TEMPLATE = `{%- if messages[0].role == 'system' %}
{{- '<|start_of_role|>system<|end_of_role|>' + messages[0].content + '<|end_of_text|>\\n' }}{% endif %}
{%- if tools %}{{- '<|start_of_role|>available_tools<|end_of_role|>' }}{% for tool in tools %}
{{- tool | tojson(indent=4) }}{% if not loop.last %}{{- '\\n\\n' }}{% endif %}{% endfor %}
{{- '<|end_of_text|>\\n' }}{% endif %}
{%- for message in messages %}
{%- if message.role == 'system' %}
{%- elif message.role == 'assistant' and message.tool_calls %}
{{- '<|start_of_role|>assistant<|end_of_role|><|tool_call|>[' }}{% for call in message.tool_calls %}
{{- '{"name": "' + call.function.name + '", "arguments": ' + (call.function.arguments | tojson)
+ '}' }}{% if not loop.last %}, {% endif %}{% endfor %}{{- ']<|end_of_text|>\\n' }}
{%- elif message.role == 'tool' %}
{{- '<|start_of_role|>tool_response<|end_of_role|>' + message.content + '<|end_of_text|>\\n' }}
{%- else %}
{{- '<|start_of_role|>' + message.role + '<|end_of_role|>' + message.content + '<|end_of_text|>\\n' }}
{%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}{{- '<|start_of_role|>assistant<|end_of_role|>' }}{% endif %}`;
