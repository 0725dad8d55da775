"""Python's jinja2 set up as transformers' apply_chat_template sets it up (sandboxed, trim_blocks,
lstrip_blocks, loop controls, its own tojson, raise_exception, strftime_now) and the messages shaped
as vLLM hands them to a template (tool-call arguments parsed into objects, a null content as "").
Shared by scripts/template-reference.py (our templates) and scripts/published-reference.py (the
published ones), so both references are made by the same engine on the same context.
"""
import json
from datetime import datetime

import jinja2
import jinja2.ext
from jinja2.sandbox import ImmutableSandboxedEnvironment

# The date every reference is made on, so a template that prints today's date renders the same text
# each time (the tests pass the same date to @huggingface/jinja).
FIXED_DATE = datetime(2024, 7, 26)
EXAMPLES = "lib/families/fixtures/template-examples.json"


def tojson(value, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
    return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)


def raise_exception(message):
    raise jinja2.exceptions.TemplateError(message)


def environment():
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[jinja2.ext.loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = lambda fmt: FIXED_DATE.strftime(fmt)
    return env


def template_message(message):
    shaped = dict(message)
    if message["role"] == "assistant":
        shaped["content"] = message.get("content") or ""
        calls = message.get("tool_calls")
        if calls:
            shaped["tool_calls"] = [
                {**call, "function": {**call["function"], "arguments": json.loads(call["function"]["arguments"] or "{}")}}
                for call in calls
            ]
    return shaped


def load_examples():
    with open(EXAMPLES) as handle:
        return json.load(handle)["examples"]


def render_example(template, example, bos, eos):
    """The prompt `template` writes for one example, as transformers would render it."""
    context = {
        "messages": [template_message(message) for message in example["messages"]],
        "add_generation_prompt": example["add_generation_prompt"],
        "bos_token": bos,
        "eos_token": eos,
        "date_string": FIXED_DATE.strftime("%d %b %Y"),
    }
    if example["tools"]:
        context["tools"] = example["tools"]
    return template.render(**context)


def engine_name():
    return f"jinja2 {jinja2.__version__}"
