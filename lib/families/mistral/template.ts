// Mistral's v3 tokenizer layout: the system text joins the last user turn, the tools sit in
// [AVAILABLE_TOOLS] just before it, calls follow [TOOL_CALLS], results sit in [TOOL_RESULTS].
export const MISTRAL_TEMPLATE = `{{- bos_token }}
{%- set system = messages[0].content if messages[0].role == 'system' else '' %}
{%- set rest = messages[1:] if messages[0].role == 'system' else messages %}
{%- set last_user = namespace(index=-1) %}
{%- for message in rest %}{% if message.role == 'user' %}{% set last_user.index = loop.index0 %}{% endif %}{% endfor %}
{%- for message in rest %}
{%- if message.role == 'user' %}
{%- if tools and loop.index0 == last_user.index %}
{{- '[AVAILABLE_TOOLS] ' + (tools | tojson) + '[/AVAILABLE_TOOLS]' }}{% endif %}
{{- '[INST] ' }}{% if system and loop.index0 == last_user.index %}{{- system + '\\n\\n' }}{% endif %}
{{- message.content + '[/INST]' }}
{%- elif message.role == 'assistant' and message.tool_calls %}
{{- '[TOOL_CALLS] [' }}{% for call in message.tool_calls %}
{{- '{"name": "' + call.function.name + '", "arguments": ' + (call.function.arguments | tojson)
+ '}' }}{% if not loop.last %}, {% endif %}{% endfor %}{{- ']' + eos_token }}
{%- elif message.role == 'tool' %}
{{- '[TOOL_RESULTS] {"content": ' + (message.content | tojson) + '}[/TOOL_RESULTS]' }}
{%- else %}
{{- ' ' + message.content + eos_token }}
{%- endif %}
{%- endfor %}`;
