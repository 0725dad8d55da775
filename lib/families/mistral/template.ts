// Mistral 7B Instruct v0.3's layout as its own template writes it: the tools in [AVAILABLE_TOOLS]
// before the last user turn, each tool's string fields written as they are and the rest as JSON; the
// system text joins that user turn only when it is the conversation's last message; calls follow
// [TOOL_CALLS] with their id; results sit in [TOOL_RESULTS] with the content as it is (not quoted)
// and the call id. Checked against the model's own template by published-templates.test.ts.
// Deliberate differences, none of them on a conversation Mistral's template accepts: that template
// refuses call ids that are not nine characters and turns that do not alternate user/assistant; ours
// writes the ids as given and renders the turns in order, so an agent's history can still be shown.
export const MISTRAL_TEMPLATE = String.raw`{{- bos_token }}
{%- set has_system = messages[0].role == 'system' %}
{%- set rest = messages[1:] if has_system else messages %}
{%- set last_user = namespace(content=none) %}
{%- for message in rest %}
{%- if message.role == 'user' %}{% set last_user.content = message.content %}{% endif %}
{%- endfor %}
{%- for message in rest %}
{%- if message.role == 'user' %}
{%- if tools and message.content == last_user.content %}
{{- '[AVAILABLE_TOOLS] [' }}
{%- for tool in tools %}
{{- '{"type": "function", "function": {' }}
{%- set fields = namespace(first=true) %}
{%- for key, value in tool.function | items %}
{%- if key != 'return' %}
{%- if not fields.first %}{{- ', ' }}{% endif %}
{%- set fields.first = false %}
{%- if value is string %}{{- '"' + key + '": "' + value + '"' }}
{%- else %}{{- '"' + key + '": ' + (value | tojson) }}{% endif %}
{%- endif %}
{%- endfor %}
{{- '}}' }}{% if not loop.last %}{{- ', ' }}{% endif %}
{%- endfor %}
{{- '][/AVAILABLE_TOOLS]' }}
{%- endif %}
{%- if loop.last and has_system %}{{- '[INST] ' + messages[0].content + '\n\n' + message.content + '[/INST]' }}
{%- else %}{{- '[INST] ' + message.content + '[/INST]' }}{% endif %}
{%- elif message.tool_calls %}
{{- '[TOOL_CALLS] [' }}
{%- for call in message.tool_calls %}
{{- '{"name": ' + (call.function.name | tojson) + ', "arguments": ' + (call.function.arguments | tojson) }}
{{- ', "id": "' + call.id + '"}' }}{% if not loop.last %}{{- ', ' }}{% endif %}
{%- endfor %}
{{- ']' + eos_token }}
{%- elif message.role == 'assistant' %}
{{- ' ' + (message.content | trim) + eos_token }}
{%- elif message.role == 'tool' %}
{{- '[TOOL_RESULTS] {"content": ' + message.content }}
{{- ', "call_id": "' + (message.tool_call_id or '') + '"}[/TOOL_RESULTS]' }}
{%- endif %}
{%- endfor %}`;
