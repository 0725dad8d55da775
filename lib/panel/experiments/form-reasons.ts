// The API's refusal reasons as the new-experiment form shows them: each next to the field it names,
// in the words of the form's labels. Pure, shared by the browser and the tests.
import type { FieldErrors } from './form-request';

/** The form field an API reason is about (its path before ": "), or null for the form as a whole. */
export function fieldOfPath(path: string): string | null {
  const variant = /^variants\.(\d+)(?:\.(name|systemPrompt|settings\.\w+|endpoint|baseUrl|model))?/.exec(path);
  // A variant's saved endpoint is chosen in its Server field.
  if (variant) return `variants.${variant[1]}.${variant[2] === 'endpoint' ? 'server' : (variant[2] ?? 'name')}`;
  if (path === 'variants') return 'variants';
  if (/^endpoint\b/.test(path)) return 'endpoint';
  if (/^(dataset|inputs|scoring)\b/.test(path)) return 'inputs';
  const plain = /^(agent|requestsPerVariant|concurrency|maxTurns)\b/.exec(path);
  return plain ? plain[1] : null;
}

/** The API's reasons ("path: message"), by field; those about no field go to `general`. */
export function placeReasons(reasons: string[]): { fields: FieldErrors; general: string[] } {
  const fields: FieldErrors = {};
  const general: string[] = [];
  for (const reason of reasons) {
    const separator = reason.indexOf(': ');
    const field = separator > 0 ? fieldOfPath(reason.slice(0, separator)) : null;
    if (field === null) general.push(reason);
    else (fields[field] ??= []).push(reason.slice(separator + 2));
  }
  return { fields, general };
}

/** The API names fields as its JSON does; people read the form's labels. */
const FIELD_LABELS: [RegExp, string][] = [
  [/^requestsPerVariant\b/, 'Conversations per variant'],
  [/^concurrency\b/, 'Concurrency'],
  [/^maxTurns\b/, 'Max turns'],
  [/^temperature\b/, 'Temperature'],
  [/^maxTokens\b/, 'Max tokens'],
  [/^toolChoice\b/, 'Tool choice'],
  [/^variants\.(\d+)\.settings\.temperature\b/, 'Variant $1 temperature'],
  [/^variants\.(\d+)\.settings\.maxTokens\b/, 'Variant $1 max tokens'],
  [/^variants\.(\d+)\.settings\.toolChoice\b/, 'Variant $1 tool choice'],
  [/^variants\.(\d+)\.settings\.(\w+)\b/, 'Variant $1 $2'],
  [/^variants\.(\d+)\.name\b/, 'Variant $1 name'],
  [/^variants\.(\d+)\.endpoint(\.name)?\b/, 'Variant $1 server'],
  [/^variants\.(\d+)\.baseUrl\b/, 'Variant $1 base URL'],
  [/^variants\.(\d+)\.model\b/, 'Variant $1 model'],
  [/^variants\.(\d+)\.systemPrompt\b/, 'Variant $1 prompt'],
  [/^variants\b/, 'Variants'],
  [/^endpoint(\.\w+)?\b/, 'Endpoint'],
  [/^(dataset|inputs)\b/, 'Inputs'],
  [/^scoring\b/, 'Scoring'],
  [/^agent\b/, 'Agent'],
];

/** "variants.1.name: ..." -> "Variant 2 name: ...". */
export function readableReason(reason: string): string {
  for (const [pattern, label] of FIELD_LABELS) {
    const match = pattern.exec(reason);
    if (match) {
      const name = label
        .replace('$1', match[1] === undefined ? '' : String(Number(match[1]) + 1))
        .replace('$2', match[2] ?? '');
      return `${name}${reason.slice(match[0].length)}`;
    }
  }
  return reason;
}
