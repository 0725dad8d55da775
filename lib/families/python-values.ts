// A Jinja macro that writes a value as Python's str() does, for the published templates that print
// call arguments through Python: vLLM's pythonic template writes `"%s" | format(value)` and its
// Phi-4-mini template writes `{{ arguments }}` of a dict, so a server renders `room=kitchen`,
// `on=True` and `{'room': 'kitchen'}`. Our templates must write the same bytes, and
// @huggingface/jinja has no Python repr, so the macro spells it out. Known gap: a float argument with
// no fraction (7.0) is 7 once JSON.parse has read it, where Python keeps 7.0.
export const PYTHON_VALUE_MACROS = String.raw`
{%- macro python_repr(value) %}
{%- if value is none %}{{- 'None' }}
{%- elif value is boolean %}{{- 'True' if value else 'False' }}
{%- elif value is string %}
{%- set body = value | replace('\\', '\\\\') | replace('\n', '\\n')
  | replace('\r', '\\r') | replace('\t', '\\t') %}
{%- if "'" in value and '"' not in value %}{{- '"' + body + '"' }}
{%- else %}{{- "'" + body | replace("'", "\\'") + "'" }}{% endif %}
{%- elif value is mapping %}{{- '{' }}
{%- for key, item in value | items %}{{- python_repr(key) + ': ' + python_repr(item) }}
{%- if not loop.last %}{{- ', ' }}{% endif %}{% endfor %}
{{- '}' }}
{%- elif value is iterable %}{{- '[' }}
{%- for item in value %}{{- python_repr(item) }}{% if not loop.last %}{{- ', ' }}{% endif %}{% endfor %}
{{- ']' }}
{%- else %}{{- value }}
{%- endif %}
{%- endmacro %}
{%- macro python_str(value) %}
{%- if value is string %}{{- value }}{% else %}{{- python_repr(value) }}{% endif %}
{%- endmacro %}`;
