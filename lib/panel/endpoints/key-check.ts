// An endpoint stores the NAME of the environment variable that holds its API key, never a key. The
// stored field already refuses anything but upper case, digits and underscores; this catches keys
// that fit that pattern anyway (AWS access key ids, long runs of letters and digits) and the usual
// key prefixes, so that the form can say why before anything is written. Pure: the browser uses it.

const KEY_PREFIXES = /^(sk-|sk_|pk_|rk_|ghp_|gho_|ghs_|github_pat_|glpat-|xox[abpr]-|hf_|AIza|ya29\.|Bearer\s)/;
const CLOUD_KEY_ID = /^(AKIA|ASIA|AIDA|AROA|AGPA|ANPA)[A-Z0-9]{12,}$/;

/** Why `name` looks like a key rather than a variable name, or null when it looks like a name. */
export function secretLikeReason(name: string): string | null {
  const value = name.trim();
  if (value === '') return null;
  if (KEY_PREFIXES.test(value))
    return 'it starts like an API key; give the NAME of the variable that holds the key (like OPENAI_API_KEY)';
  if (CLOUD_KEY_ID.test(value))
    return 'it looks like a cloud access key id; give the NAME of the variable that holds the key';
  if (/\s/.test(value)) return 'a variable name has no spaces';
  // Variable names are words joined by underscores; a key is a long run of letters and digits.
  const longestRun = Math.max(...value.split('_').map((part) => part.length));
  const digits = (value.match(/[0-9]/g) ?? []).length;
  if (longestRun >= 20 && digits >= 3)
    return 'it looks like a key (a long run of letters and digits); give the NAME of the variable that holds the key';
  if (value.length >= 32 && digits >= value.length / 4)
    return 'it looks like a key; give the NAME of the variable that holds the key';
  return null;
}
