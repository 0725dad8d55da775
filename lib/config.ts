// The environment, read once and checked: every setting Remora takes from environment
// variables is here. API keys are not: an endpoint names the variable that holds its key, which is
// read when the request is made and never stored.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigurationError } from './errors';

/**
 * The project root, found from this module's location (lib/ in the sources, .build/cli-ID/ in the
 * compiled command line) so that the CLI, tsx and vitest agree whatever the working folder. Next
 * may compile this module into .next/, which is not in the sources; the working folder (where
 * `next` runs) is then the root.
 */
export function projectRoot(): string {
  let folder = import.meta.url.startsWith('file:') ? path.dirname(fileURLToPath(import.meta.url)) : null;
  for (let level = 0; folder && level < 4; level++, folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'lib', 'db', 'schema.ts'))) return folder;
  }
  return process.cwd();
}

// Checked by hand rather than with zod: this module loads at every start of the command line, and
// zod is the largest part of what `remora --help` would otherwise parse (issue 13: start-up).
type Environment = {
  /** The SQLite file of the panel and the command line (relative: to the project root). */
  REMORA_DB?: string;
  /** A drizzle migrations folder other than the project's drizzle/. */
  REMORA_MIGRATIONS?: string;
  /** Where the panel imports agents from on its first start (default: agents/). */
  REMORA_AGENTS_DIR?: string;
  /** Delay of each answer of the panel's built-in simulator, in milliseconds (default 25). */
  REMORA_SIM_LATENCY_MS: number;
  /** The port of the panel's built-in simulator (default 0: any free port, a new one at each start). */
  REMORA_SIM_PORT: number;
  /** The panel's access token (lib/http/access.ts). */
  REMORA_TOKEN?: string;
  /** `1`: the command line prints the stack of an internal error. */
  REMORA_DEBUG?: '0' | '1';
  /** `1`/`0`: check (or not) the API's answers against their response schemas (default: outside production). */
  REMORA_CHECK_RESPONSES?: '0' | '1';
};

const TEXT_SETTINGS = ['REMORA_DB', 'REMORA_MIGRATIONS', 'REMORA_AGENTS_DIR', 'REMORA_TOKEN'] as const;

function readEnvironment(given: Record<string, string | undefined>): { values: Environment; problems: string[] } {
  const problems: string[] = [];
  const values: Environment = { REMORA_SIM_LATENCY_MS: 25, REMORA_SIM_PORT: 0 };
  for (const name of TEXT_SETTINGS) {
    const value = given[name]?.trim();
    if (value === undefined) continue;
    if (value === '') problems.push(`${name}: must not be blank`);
    else values[name] = value;
  }
  const latency = given.REMORA_SIM_LATENCY_MS;
  if (latency !== undefined) {
    const number = Number(latency.trim());
    if (latency.trim() === '' || !Number.isFinite(number) || number < 0)
      problems.push(`REMORA_SIM_LATENCY_MS: must be a number of milliseconds, 0 or more (got "${latency}")`);
    else values.REMORA_SIM_LATENCY_MS = number;
  }
  const port = given.REMORA_SIM_PORT;
  if (port !== undefined) {
    const number = Number(port.trim());
    if (!/^\d+$/.test(port.trim()) || number > 65_535)
      problems.push(`REMORA_SIM_PORT: must be a port number from 1 to 65535, or 0 for any free port (got "${port}")`);
    else values.REMORA_SIM_PORT = number;
  }
  for (const name of ['REMORA_DEBUG', 'REMORA_CHECK_RESPONSES'] as const) {
    const flag = given[name];
    if (flag === undefined) continue;
    if (flag === '0' || flag === '1') values[name] = flag;
    else problems.push(`${name}: must be 0 or 1 (got "${flag}")`);
  }
  return { values, problems };
}

export type RemoraConfig = {
  /** The absolute path of the database file. */
  databaseFile: string;
  /** REMORA_DB as given, or the default, for help texts. */
  databaseFileShown: string;
  migrationsFolder: string | null;
  agentsDir: string | null;
  simulatorLatencyMs: number;
  /** REMORA_SIM_PORT: 0 for any free port. */
  simulatorPort: number;
  token: string | undefined;
  /** Print stacks of internal errors (REMORA_DEBUG=1). */
  debug: boolean;
  /** REMORA_CHECK_RESPONSES as a flag; undefined when unset (lib/http/api-route.ts decides). */
  checkResponses: boolean | undefined;
};

/** The settings an environment gives; a bad value is a ConfigurationError naming the variable. */
export function readConfig(environment: Record<string, string | undefined>, root = projectRoot()): RemoraConfig {
  // An empty variable counts as unset, as the shell scripts treat it.
  const given = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const { values, problems } = readEnvironment(given);
  if (problems.length > 0) throw new ConfigurationError('invalid environment variables', problems);
  const fromRoot = (value: string | undefined) => (value === undefined ? null : path.resolve(root, value));
  return {
    databaseFile: fromRoot(values.REMORA_DB) ?? path.join(root, 'data', 'remora.db'),
    databaseFileShown: values.REMORA_DB ?? 'data/remora.db',
    migrationsFolder: fromRoot(values.REMORA_MIGRATIONS),
    agentsDir: fromRoot(values.REMORA_AGENTS_DIR),
    simulatorLatencyMs: values.REMORA_SIM_LATENCY_MS,
    simulatorPort: values.REMORA_SIM_PORT,
    token: values.REMORA_TOKEN,
    debug: values.REMORA_DEBUG === '1',
    checkResponses: values.REMORA_CHECK_RESPONSES === undefined ? undefined : values.REMORA_CHECK_RESPONSES === '1',
  };
}

const CONFIG_KEY = Symbol.for('remora.config');

/** This process's settings, read from its environment on first use (kept on globalThis: Next bundles share it). */
export function config(): RemoraConfig {
  const holder = globalThis as typeof globalThis & { [CONFIG_KEY]?: RemoraConfig };
  holder[CONFIG_KEY] ??= readConfig(process.env);
  return holder[CONFIG_KEY];
}
