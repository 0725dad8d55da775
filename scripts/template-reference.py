"""Reference renderings for the chat-template test, made with Python's jinja2 set up as transformers'
apply_chat_template sets it up (sandboxed, trim_blocks, lstrip_blocks, loop controls, its own tojson,
raise_exception, strftime_now) and the messages shaped as vLLM hands them to a template (tool-call
arguments parsed into objects, a null content as ""). Committed as
lib/families/fixtures/template-reference.json so the test compares @huggingface/jinja with the engine
the servers use, without needing Python at test time.

Run again with:
  npx tsx scripts/family-templates.ts | python3 scripts/template-reference.py > lib/families/fixtures/template-reference.json
"""
import json
import sys
from datetime import datetime

import jinja2
import jinja2.ext
from jinja2.sandbox import ImmutableSandboxedEnvironment

FIXED_DATE = datetime(2024, 7, 26)


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


def main():
    families = json.load(sys.stdin)
    with open("lib/families/fixtures/template-examples.json") as handle:
        examples = json.load(handle)["examples"]
    env = environment()
    out = {"engine": f"jinja2 {jinja2.__version__}", "date": "2024-07-26", "renderings": {}}
    for name, family in sorted(families.items()):
        template = env.from_string(family["template"])
        out["renderings"][name] = {}
        for example in examples:
            context = {
                "messages": [template_message(message) for message in example["messages"]],
                "add_generation_prompt": example["add_generation_prompt"],
                "bos_token": family["bos"],
                "eos_token": family["eos"],
                "date_string": FIXED_DATE.strftime("%d %b %Y"),
            }
            if example["tools"]:
                context["tools"] = example["tools"]
            out["renderings"][name][example["name"]] = template.render(**context)
    json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


main()
