import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimFromCli } from './sim-command';
import type { SimServer } from '../sim/server';
import { ConfigurationError } from '../errors';

const servers: SimServer[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

function capture() {
  const lines: string[] = [];
  return { output: { write: (text: string) => lines.push(text) }, lines };
}

async function configFile(content: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'remora-sim-'));
  folders.push(folder);
  const path = join(folder, 'sim.json');
  await writeFile(path, content);
  return path;
}

describe('startSimFromCli', () => {
  it('starts on 127.0.0.1 and prints the base URL', async () => {
    const { output, lines } = capture();
    const server = await startSimFromCli({ port: 0 }, output);
    servers.push(server);
    expect(lines).toEqual([`http://127.0.0.1:${server.port}/v1\n`]);
    const response = await fetch(`${server.url}/models`);
    expect(response.status).toBe(200);
  });

  it('reads settings from a JSON config file, with --seed winning over the file', async () => {
    const path = await configFile(JSON.stringify({ seed: 3, model: 'from-file', shapes: { text: 1 }, latencyMs: 0 }));
    const server = await startSimFromCli({ port: 0, config: path, seed: 42 }, capture().output);
    servers.push(server);
    expect(server.options).toMatchObject({ seed: 42, model: 'from-file', shapes: { text: 1, tool_calls: 0 } });
  });

  it('refuses a broken config file with a configuration error naming the problem', async () => {
    const notJson = await configFile('{ seed: 1');
    await expect(startSimFromCli({ port: 0, config: notJson }, capture().output)).rejects.toThrow(/not valid JSON/);
    const badValue = await configFile(JSON.stringify({ http500Rate: 3, colour: 'blue' }));
    const error = await startSimFromCli({ port: 0, config: badValue }, capture().output).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).problems.join('\n')).toMatch(/http500Rate/);
    expect((error as ConfigurationError).problems.join('\n')).toMatch(/colour/);
    await expect(
      startSimFromCli({ port: 0, config: join(tmpdir(), 'no-such-remora-file.json') }, capture().output),
    ).rejects.toThrow(/cannot read/);
  });

  it('explains a port that is already taken', async () => {
    const first = await startSimFromCli({ port: 0 }, capture().output);
    servers.push(first);
    await expect(startSimFromCli({ port: first.port }, capture().output)).rejects.toThrow(/already in use/);
  });
});
