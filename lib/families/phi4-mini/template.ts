import { PYTHON_VALUE_MACROS } from '../python-values';

// Phi-4-mini's turns as vLLM's examples/tool_chat_template_phi4_mini.jinja writes them (the template
// vLLM's docs pair with the phi4_mini_json parser; the model's own template only reads tools handed
// to it as a string inside the system message). The system turn holds the calling rules and the tools
// as indented JSON; every turn keeps its role name (`<|tool|>` for results); a past call is written as
// {"name": "f", "arguments": {'a': 1}}, the arguments through Python's str() and without the
// `functools` prefix the model itself writes; <|assistant|> always closes the prompt. Checked by
// published-templates.test.ts.
const CALLING_RULES =
  'In addition to plain text responses, you can choose to call one or more of the provided functions.\n\n' +
  'Use the following rule to decide when to call a function:\n' +
  '  * if the response can be generated from your internal knowledge (e.g., as in the case of queries like ' +
  '"What is the capital of Poland?"), do so\n' +
  '  * if you need external information that can be obtained by calling one or more of the provided ' +
  'functions, generate a function calls\n\n' +
  'If you decide to call functions:\n' +
  '  * prefix function calls with functools marker (no closing marker required)\n' +
  '  * all function calls should be generated in a single JSON list formatted as functools[{"name": ' +
  '[function name], "arguments": [function arguments as JSON]}, ...]\n' +
  '  * follow the provided JSON schema. Do not hallucinate arguments or values. Do to blindly copy values ' +
  'from the provided samples\n' +
  '  * respect the argument type formatting. E.g., if the type is number and format is float, write value 7 ' +
  'as 7.0\n' +
  '  * make sure you pick the right functions that match the user intent';

export const PHI4_MINI_TEMPLATE = String.raw`${PYTHON_VALUE_MACROS}
{%- set system = messages[0].content | trim if messages and messages[0].role == 'system' else
  'You are a helpful assistant.' %}
{%- set rest = messages[1:] if messages and messages[0].role == 'system' else messages %}
{%- if rest %}
{{- '<|system|>\n' + system }}
{%- if tools %}{{- ${JSON.stringify(CALLING_RULES)} }}
{%- for tool in tools %}{{- (tool | tojson(indent=4)) + '\n\n' }}{% endfor %}
{%- endif %}
{{- '<|end|>' }}
{%- for message in rest %}
{%- if message.role != 'system' %}
{{- '<|' + message.role + '|>' }}
{%- if message.content %}{{- message.content }}
{%- elif message.tool_calls %}
{%- for call in message.tool_calls %}
{{- '{"name": "' + call.function.name + '", "arguments": ' + python_str(call.function.arguments) + '}' }}
{%- if not loop.last %}{{- ',' }}{% endif %}
{%- endfor %}
{%- endif %}
{{- '<|end|>' }}
{%- endif %}
{%- endfor %}
{%- elif system %}{{- '<|system|>\n\n' + system + '<|end|>' }}
{%- endif %}
{{- '<|assistant|>' }}`;
