// Granite's role markers, the tools as indented JSON in an `available_tools` turn, each past call
// on its own line after <|tool_call|>, results in `tool_response` turns: what vLLM's
// examples/tool_chat_template_granite.jinja renders (checked by published-templates.test.ts).
// Granite 3.3's own template differs: a dated default system prompt when none is given, the tools as
// one JSON list, past calls left out of the history (only the assistant's text is written) and
// results in `tool` turns. A GGUF or tokenizer_config.json of Granite 3.3 brings that template with it.
export const GRANITE_TEMPLATE = String.raw`
{%- if tools %}
{{- '<|start_of_role|>available_tools<|end_of_role|>\n' }}
{%- for tool in tools %}{{- tool | tojson(indent=4) }}{% if not loop.last %}{{- '\n\n' }}{% endif %}{% endfor %}
{{- '<|end_of_text|>\n' }}
{%- endif %}
{%- for message in messages %}
{%- if message.role == 'system' or message.role == 'user' %}
{{- '<|start_of_role|>' + message.role + '<|end_of_role|>' + message.content + '<|end_of_text|>\n' }}
{%- elif message.role == 'assistant' and message.tool_calls %}
{{- '<|start_of_role|>assistant<|end_of_role|>\n' }}
{%- for call in message.tool_calls %}
{{- '<|tool_call|> {"name": ' + (call.function.name | tojson) + ', "arguments": ' }}
{{- (call.function.arguments | tojson) + '}\n' }}
{%- endfor %}
{{- '<|end_of_text|>\n' }}
{%- elif message.role == 'assistant' %}
{{- '<|start_of_role|>assistant<|end_of_role|>' + message.content + '<|end_of_text|>\n' }}
{%- elif message.role == 'tool' %}
{{- '<|start_of_role|>tool_response<|end_of_role|>' + message.content + '<|end_of_text|>\n' }}
{%- endif %}
{%- if loop.last and add_generation_prompt %}{{- '<|start_of_role|>assistant<|end_of_role|>' }}{% endif %}
{%- endfor %}`;
