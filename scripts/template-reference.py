"""Reference renderings for the chat-template test, made with Python's jinja2 set up as transformers'
apply_chat_template sets it up (scripts/chat_template_env.py). Committed as
lib/families/fixtures/template-reference.json so the test compares @huggingface/jinja with the engine
the servers use, without needing Python at test time.

Run again with:
  npx tsx scripts/family-templates.ts | python3 scripts/template-reference.py > lib/families/fixtures/template-reference.json
"""
import json
import sys

# The shared module beside this script: no __pycache__ left in the repository.
sys.dont_write_bytecode = True
from chat_template_env import engine_name, environment, load_examples, render_example


def main():
    families = json.load(sys.stdin)
    examples = load_examples()
    env = environment()
    out = {"engine": engine_name(), "date": "2024-07-26", "renderings": {}}
    for name, family in sorted(families.items()):
        template = env.from_string(family["template"])
        out["renderings"][name] = {
            example["name"]: render_example(template, example, family["bos"], family["eos"]) for example in examples
        }
    json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


main()
