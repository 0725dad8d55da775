import { PYTHON_VALUE_MACROS } from '../python-values';

// Llama 3.2 headers with the tools as indented JSON in the system turn and the instruction to answer
// with a Python list of calls, results in `ipython` turns as {"output": ...}: what vLLM's
// examples/tool_chat_template_llama3.2_pythonic.jinja renders (checked by
// published-templates.test.ts). Past calls are written as that template writes them, each argument
// through Python's "%s" formatting: `f(room=kitchen, on=True)`, a string without its quotes. That is
// not valid Python, but it is the prompt a vLLM server serving this template hands the model.
export const PYTHONIC_TEMPLATE = String.raw`{{- bos_token }}${PYTHON_VALUE_MACROS}
{%- set system = messages[0].content | trim if messages[0].role == 'system' else
  "You are a helpful assistant with tool calling capabilities. Only reply with a tool call if the function " ~
  "exists in the library provided by the user. If it doesn't exist, just reply directly in natural language. " ~
  "When you receive a tool call response, use the output to format an answer to the original user question." %}
{%- set rest = messages[1:] if messages[0].role == 'system' else messages %}
{{- '<|start_header_id|>system<|end_header_id|>\n\n' }}
{%- if tools %}{{- 'Environment: ipython\n' }}{% endif %}
{{- 'Cutting Knowledge Date: December 2023\nToday Date: ' + date_string + '\n\n' }}
{%- if tools %}
{{- 'You have access to the following functions. ' }}
{{- 'To call functions, please respond with a python list of the calls. ' }}
{{- 'Respond in the format [func_name1(params_name1=params_value1, params_name2=params_value2...), ' }}
{{- 'func_name2(params)] ' }}
{{- 'Do not use variables.\n\n' }}
{%- for tool in tools %}{{- (tool | tojson(indent=4)) + '\n\n' }}{% endfor %}
{%- endif %}
{{- system + '<|eot_id|>' }}
{%- for message in rest %}
{%- if message.role == 'tool' or message.role == 'ipython' %}
{{- '<|start_header_id|>ipython<|end_header_id|>\n\n' }}
{%- if message.content is mapping %}{{- message.content | tojson }}
{%- else %}{{- {'output': message.content} | tojson }}{% endif %}
{{- '<|eot_id|>' }}
{%- elif message.tool_calls %}
{{- '<|start_header_id|>assistant<|end_header_id|>\n\n[' }}
{%- for call in message.tool_calls %}
{{- call.function.name + '(' }}
{%- for key, value in call.function.arguments | items %}
{{- key + '=' + python_str(value) }}{% if not loop.last %}{{- ', ' }}{% endif %}
{%- endfor %}
{{- ')' }}{% if not loop.last %}{{- ', ' }}{% endif %}
{%- endfor %}
{{- ']<|eot_id|>' }}
{%- else %}
{{- '<|start_header_id|>' + message.role + '<|end_header_id|>\n\n' + (message.content | trim) + '<|eot_id|>' }}
{%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}{{- '<|start_header_id|>assistant<|end_header_id|>\n\n' }}{% endif %}`;
