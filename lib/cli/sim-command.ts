// `remora sim [--port N] [--host H] [--seed N] [--config FILE] [--family NAME]`: starts the simulated FunctionGemma
// endpoint and prints its base URL (http://127.0.0.1:PORT/v1) on stdout. The server keeps the
// process alive until it is stopped (Ctrl-C) or the returned handle is closed.
import { readFile } from 'node:fs/promises';
import { ConfigurationError, errorMessage } from '../errors';
import { parseJson } from '../protocol/json';
import { startSimServer, type SimServer } from '../sim/server';
import type { SimOptionsInput } from '../sim/options';
import { listenOn } from './io';

export type SimCliOptions = { port?: number; host?: string; seed?: number; config?: string; family?: string };
type Output = { write(text: string): unknown };

async function readConfig(path: string): Promise<SimOptionsInput> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`cannot read the simulator config ${path}: ${errorMessage(error)}`, [], {
      cause: error,
    });
  }
  const parsed = parseJson(text);
  if (!parsed.ok)
    throw new ConfigurationError(
      `the simulator config ${path} is not valid JSON: ${parsed.error.replace(/\s+/g, ' ')}`,
    );
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    throw new ConfigurationError(`the simulator config ${path} must be a JSON object of settings`);
  }
  return parsed.value as SimOptionsInput;
}

/**
 * Starts the simulator. The config file holds SimOptions (seed, latencyMs, shapes, the rates, model);
 * `seed` and `family` on the command line win over the file's. Invalid settings throw a ConfigurationError
 * listing each problem.
 */
export async function startSimFromCli(options: SimCliOptions, stdout: Output = process.stdout): Promise<SimServer> {
  const fromFile = options.config ? await readConfig(options.config) : {};
  const settings: SimOptionsInput = {
    ...fromFile,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.family !== undefined ? { family: options.family as SimOptionsInput['family'] } : {}),
  };
  const port = options.port ?? 8089;
  const host = options.host ?? '127.0.0.1';
  const server = await listenOn(host, port, () => startSimServer({ ...settings, port, host }));
  stdout.write(`${server.url}\n`);
  return server;
}
