// `--variant-endpoint NAME=BASE_URL`, `--variant-model NAME=MODEL`, `--variant-family NAME=FAMILY`:
// what makes a variant another model (on another server) rather than another prompt.
import { InputError } from '../errors';
import type { ExperimentConfigInput } from '../experiment-config/experiment-config';
import { FAMILY_NAMES } from '../families/family';
import { isFamilyName } from '../families/registry';

export type VariantFlags = { variantEndpoint?: string[]; variantModel?: string[]; variantFamily?: string[] };

type VariantInput = ExperimentConfigInput['variants'][number];

/** NAME=VALUE pairs of one flag, each naming a variant that exists; a clear one-line error otherwise. */
function pairs(flag: string, specs: string[], names: Set<string>, what: string): [string, string][] {
  return specs.map((spec) => {
    const separator = spec.indexOf('=');
    const name = spec.slice(0, separator).trim();
    const value = spec.slice(separator + 1).trim();
    if (separator <= 0 || value === '') throw new InputError(`${flag} "${spec}" must be NAME=${what}`);
    if (!names.has(name))
      throw new InputError(`${flag} names the variant "${name}", which is not one of: ${[...names].join(', ')}`);
    return [name, value];
  });
}

function validUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The variants with their own endpoint, model and family, as the flags give them. */
export function applyVariantFlags(variants: VariantInput[], flags: VariantFlags): VariantInput[] {
  const names = new Set(variants.map((variant) => variant.name));
  const byName = new Map(variants.map((variant) => [variant.name, { ...variant, settings: { ...variant.settings } }]));
  for (const [name, url] of pairs('--variant-endpoint', flags.variantEndpoint ?? [], names, 'BASE_URL')) {
    if (!validUrl(url)) throw new InputError(`--variant-endpoint ${name}: "${url}" is not an http(s) URL`);
    byName.get(name)!.baseUrl = url;
  }
  for (const [name, model] of pairs('--variant-model', flags.variantModel ?? [], names, 'MODEL'))
    byName.get(name)!.model = model;
  for (const [name, family] of pairs('--variant-family', flags.variantFamily ?? [], names, 'FAMILY')) {
    if (!isFamilyName(family))
      throw new InputError(`--variant-family ${name}: unknown family "${family}" (known: ${FAMILY_NAMES.join(', ')})`);
    byName.get(name)!.settings = { ...byName.get(name)!.settings, family };
  }
  return variants.map((variant) => byName.get(variant.name)!);
}
