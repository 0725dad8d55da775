// The panel starts its own simulated endpoint on a free port at every start, so an experiment on it
// cannot keep the URL: it keeps this placeholder, which the panel resolves when it runs the
// experiment. `.invalid` is a reserved name that never resolves, so nothing else can answer it.
import { ConfigurationError } from '../errors';

export const BUILT_IN_SIMULATOR_URL = 'http://simulator.remora.invalid/v1';

export function isBuiltInSimulator(baseUrl: string): boolean {
  return baseUrl === BUILT_IN_SIMULATOR_URL;
}

/** The base URL to call: a real one as is; the placeholder only where a resolver knows the live simulator. */
export function resolveBaseUrl(baseUrl: string, resolveSimulator?: () => string): string {
  if (!isBuiltInSimulator(baseUrl)) return baseUrl;
  if (!resolveSimulator) {
    throw new ConfigurationError(
      "this experiment runs on the control panel's built-in simulator; " +
        'resume it from the panel (or start a new one with --base-url)',
    );
  }
  return resolveSimulator();
}
