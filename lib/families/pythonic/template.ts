// Llama 3.2 headers with the tools listed in the system turn and the instruction to answer with a
// Python list of calls; results come back in `ipython` turns.
export const PYTHONIC_TEMPLATE = `{{- bos_token }}
{%- set system = messages[0].content if messages[0].role == 'system' else '' %}
{{- '<|start_header_id|>system<|end_header_id|>\\n\\n' }}
{%- if tools %}
{{- 'You are an expert in composing functions. ' ~
  'If you decide to invoke any of the function(s), put them in the format ' ~
  '[func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)]' ~
  '\\nYou SHOULD NOT include any other text in the response.' ~
  '\\nHere is a list of functions in JSON format that you can invoke.\\n' }}
{%- for tool in tools %}{{- tool | tojson }}{{- '\\n' }}{% endfor %}{% endif %}
{{- system + '<|eot_id|>' }}
{%- for message in messages %}
{%- if message.role == 'system' %}
{%- elif message.role == 'assistant' and message.tool_calls %}
{{- '<|start_header_id|>assistant<|end_header_id|>\\n\\n[' }}{% for call in message.tool_calls %}
{{- call.function.name + '(' }}{% for key, value in call.function.arguments | items %}
{{- key + '=' + (value | tojson) }}{% if not loop.last %}, {% endif %}{% endfor %}
{{- ')' }}{% if not loop.last %}, {% endif %}{% endfor %}{{- ']<|eot_id|>' }}
{%- elif message.role == 'tool' %}
{{- '<|start_header_id|>ipython<|end_header_id|>\\n\\n' + message.content + '<|eot_id|>' }}
{%- else %}
{{- '<|start_header_id|>' + message.role + '<|end_header_id|>\\n\\n' + message.content + '<|eot_id|>' }}
{%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}{{- '<|start_header_id|>assistant<|end_header_id|>\\n\\n' }}{% endif %}`;
