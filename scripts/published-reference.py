"""Renders each family's PUBLISHED chat template (the model's own, or the one vLLM's examples ship)
on the conversations of lib/families/fixtures/template-examples.json, with Python's jinja2 set up as
transformers sets it up (scripts/chat_template_env.py). The output is committed as
lib/families/fixtures/published-renderings.json: rendered text only, never the templates, which stay
out of this repository. lib/families/published-templates.test.ts checks that each shipped template
writes the same text.

DIR holds one file per family, DIR/<family>.jinja, fetched by you from its source, and
DIR/sources.json naming where each came from: {"hermes": {"repo": ..., "path": ..., "commit": ...,
"model": ..., "note": ...}, ...}. A family without a file is left out. A template that raises on an
example (Llama 3.2 refuses two calls in one turn) is recorded as {"error": its message}.

Run again with:
  npx tsx scripts/family-templates.ts | python3 scripts/published-reference.py DIR > lib/families/fixtures/published-renderings.json
"""
import json
import os
import sys

import jinja2

# The shared module beside this script: no __pycache__ left in the repository.
sys.dont_write_bytecode = True
from chat_template_env import engine_name, environment, load_examples, render_example


def rendering(template, example, tokens):
    try:
        return render_example(template, example, tokens["bos"], tokens["eos"])
    except jinja2.exceptions.TemplateError as error:
        return {"error": str(error)}


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit("usage: npx tsx scripts/family-templates.ts | python3 scripts/published-reference.py DIR")
    folder = sys.argv[1]
    families = json.load(sys.stdin)
    with open(os.path.join(folder, "sources.json")) as handle:
        sources = json.load(handle)
    examples = load_examples()
    env = environment()
    out = {"engine": engine_name(), "date": "2024-07-26", "families": {}}
    for name, tokens in sorted(families.items()):
        path = os.path.join(folder, f"{name}.jinja")
        if not os.path.exists(path):
            continue
        if name not in sources:
            sys.exit(f"published-reference: {name}.jinja has no entry in sources.json")
        with open(path) as handle:
            template = env.from_string(handle.read())
        out["families"][name] = {
            "source": sources[name],
            "renderings": {example["name"]: rendering(template, example, tokens) for example in examples},
        }
    json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


main()
