// Llama 3.x headers, the tools as JSON in the first user turn (Meta's JSON-based tool calling),
// calls answered in `ipython` turns.
export const LLAMA3_JSON_TEMPLATE = `{{- bos_token }}
{%- set system = messages[0].content if messages[0].role == 'system' else '' %}
{%- set rest = messages[1:] if messages[0].role == 'system' else messages %}
{{- '<|start_header_id|>system<|end_header_id|>\\n\\n' }}
{%- if tools %}{{- 'Environment: ipython\\n' }}{% endif %}
{{- 'Cutting Knowledge Date: December 2023\\nToday Date: ' + date_string + '\\n\\n' }}
{{- system }}{{- '<|eot_id|>' }}
{%- for message in rest %}
{%- if loop.first and tools and message.role == 'user' %}
{{- '<|start_header_id|>user<|end_header_id|>\\n\\n' }}
{{- 'Given the following functions, please respond with a JSON for a function call with its proper arguments ' ~
  'that best answers the given prompt.\\n\\n' }}
{{- 'Respond in the format {"name": function name, "parameters": dictionary of argument name ' ~
  'and its value}. Do not use variables.\\n\\n' }}
{%- for tool in tools %}{{- tool | tojson(indent=4) }}{{- '\\n\\n' }}{% endfor %}
{{- message.content }}{{- '<|eot_id|>' }}
{%- elif message.role == 'assistant' and message.tool_calls %}
{{- '<|start_header_id|>assistant<|end_header_id|>\\n\\n' }}
{%- for call in message.tool_calls %}
{{- '{"name": "' + call.function.name + '", "parameters": ' + (call.function.arguments | tojson)
+ '}' }}{% if not loop.last %}; {% endif %}{% endfor %}
{{- '<|eot_id|>' }}
{%- elif message.role == 'tool' %}
{{- '<|start_header_id|>ipython<|end_header_id|>\\n\\n' + message.content + '<|eot_id|>' }}
{%- else %}
{{- '<|start_header_id|>' + message.role + '<|end_header_id|>\\n\\n' + message.content + '<|eot_id|>' }}
{%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}{{- '<|start_header_id|>assistant<|end_header_id|>\\n\\n' }}{% endif %}`;
