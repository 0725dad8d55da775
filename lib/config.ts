// The environment, read once and checked (zod): every setting Remora takes from environment
// variables is here. API keys are not: an endpoint names the variable that holds its key, which is
// read when the request is made and never stored.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
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

const Text = z.string().trim().min(1);

const Environment = z.object({
  /** The SQLite file of the panel and the command line (relative: to the project root). */
  REMORA_DB: Text.optional(),
  /** A drizzle migrations folder other than the project's drizzle/. */
  REMORA_MIGRATIONS: Text.optional(),
  /** Where the panel imports agents from on its first start (default: agents/). */
  REMORA_AGENTS_DIR: Text.optional(),
  /** Delay of each answer of the panel's built-in simulator, in milliseconds. */
  REMORA_SIM_LATENCY_MS: z.coerce.number().min(0).default(25),
  /** The panel's access token (lib/http/access.ts). */
  REMORA_TOKEN: Text.optional(),
  /** `1`: the command line prints the stack of an internal error. */
  REMORA_DEBUG: z.enum(['0', '1']).optional(),
  /** `1`/`0`: check (or not) the API's answers against their response schemas (default: outside production). */
  REMORA_CHECK_RESPONSES: z.enum(['0', '1']).optional(),
});

export type RemoraConfig = {
  /** The absolute path of the database file. */
  databaseFile: string;
  /** REMORA_DB as given, or the default, for help texts. */
  databaseFileShown: string;
  migrationsFolder: string | null;
  agentsDir: string | null;
  simulatorLatencyMs: number;
  token: string | undefined;
  /** Print stacks of internal errors (REMORA_DEBUG=1). */
  debug: boolean;
  /** REMORA_CHECK_RESPONSES as a flag; undefined when unset (lib/http/api-route.ts decides). */
  checkResponses: boolean | undefined;
};

/** The settings an environment gives; a bad value is a ConfigurationError naming the variable. */
export function readConfig(environment: Record<string, string | undefined>, root = projectRoot()): RemoraConfig {
  // An empty variable counts as unset, as the shell scripts treat it.
  const given = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = Environment.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigurationError('invalid environment variables', problems);
  }
  const values = parsed.data;
  const fromRoot = (value: string | undefined) => (value === undefined ? null : path.resolve(root, value));
  return {
    databaseFile: fromRoot(values.REMORA_DB) ?? path.join(root, 'data', 'remora.db'),
    databaseFileShown: values.REMORA_DB ?? 'data/remora.db',
    migrationsFolder: fromRoot(values.REMORA_MIGRATIONS),
    agentsDir: fromRoot(values.REMORA_AGENTS_DIR),
    simulatorLatencyMs: values.REMORA_SIM_LATENCY_MS,
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
