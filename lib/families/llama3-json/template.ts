// Llama 3.2 Instruct's JSON tool calling as its own template writes it: the tools as indented JSON in
// the first user turn (its tools_in_user_message default), "Environment: ipython" in the system turn,
// calls as {"name", "parameters"}, results in `ipython` turns written as a JSON string (the template
// tests `content is iterable`, which a string is). Checked against the model's own template by
// published-templates.test.ts, quirks kept: no space in "its value}.Do not use variables.".
// Deliberate difference: Meta's template refuses an assistant turn with more than one call ("This
// model only supports single tool-calls at once!"); ours writes them `;`-separated, the way the
// llama3_json parser reads several calls, so a conversation with parallel calls can still be shown
// and exported.
export const LLAMA3_JSON_TEMPLATE = String.raw`{{- bos_token }}
{%- set system = messages[0].content | trim if messages[0].role == 'system' else '' %}
{%- set rest = messages[1:] if messages[0].role == 'system' else messages %}
{{- '<|start_header_id|>system<|end_header_id|>\n\n' }}
{%- if tools %}{{- 'Environment: ipython\n' }}{% endif %}
{{- 'Cutting Knowledge Date: December 2023\nToday Date: ' + date_string + '\n\n' }}
{{- system + '<|eot_id|>' }}
{%- if tools %}
{%- if rest | length == 0 %}
{{- raise_exception("Cannot put tools in the first user message when there's no first user message!") }}
{%- endif %}
{{- '<|start_header_id|>user<|end_header_id|>\n\n' }}
{{- 'Given the following functions, please respond with a JSON for a function call ' }}
{{- 'with its proper arguments that best answers the given prompt.\n\n' }}
{{- 'Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}.' }}
{{- 'Do not use variables.\n\n' }}
{%- for tool in tools %}{{- (tool | tojson(indent=4)) + '\n\n' }}{% endfor %}
{{- (rest[0].content | trim) + '<|eot_id|>' }}
{%- set rest = rest[1:] %}
{%- endif %}
{%- for message in rest %}
{%- if message.role == 'tool' or message.role == 'ipython' %}
{{- '<|start_header_id|>ipython<|end_header_id|>\n\n' + (message.content | tojson) + '<|eot_id|>' }}
{%- elif message.tool_calls %}
{{- '<|start_header_id|>assistant<|end_header_id|>\n\n' }}
{%- for call in message.tool_calls %}
{{- '{"name": "' + call.function.name + '", "parameters": ' + (call.function.arguments | tojson) + '}' }}
{%- if not loop.last %}{{- '; ' }}{% endif %}
{%- endfor %}
{{- '<|eot_id|>' }}
{%- else %}
{{- '<|start_header_id|>' + message.role + '<|end_header_id|>\n\n' + (message.content | trim) + '<|eot_id|>' }}
{%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}{{- '<|start_header_id|>assistant<|end_header_id|>\n\n' }}{% endif %}`;
