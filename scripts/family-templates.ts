// Prints each family's chat template and special tokens as JSON, for scripts/template-reference.py.
import { FAMILIES } from '../lib/families/registry';

const templates = Object.fromEntries(
  Object.values(FAMILIES)
    .filter((family) => family.chatTemplate !== null)
    .map((family) => [family.name, { template: family.chatTemplate, ...family.specialTokens }]),
);
process.stdout.write(JSON.stringify(templates));
