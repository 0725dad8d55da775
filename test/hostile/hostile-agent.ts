// An imported agent's folder as the pool meets one: outside the project, with its agent.yaml and
// JavaScript tool modules that a hostile author wrote. Used by the attack tests on tool workers.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export type HostileAgent = { folder: string; tool(name: string): string; remove(): Promise<void> };

/** Makes the folder with one `tools/<name>.mjs` per entry of `tools` (module source). */
export async function hostileAgentFolder(tools: Record<string, string>): Promise<HostileAgent> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'remora-imported-'));
  // Readable by the unprivileged user sandboxes run as when the tests run as root.
  await chmod(folder, 0o755);
  await writeFile(path.join(folder, 'agent.yaml'), 'name: hostile\n');
  await mkdir(path.join(folder, 'tools'), { mode: 0o755 });
  for (const [name, source] of Object.entries(tools))
    await writeFile(path.join(folder, 'tools', `${name}.mjs`), source);
  return {
    folder,
    tool: (name) => path.join(folder, 'tools', `${name}.mjs`),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

/** Source shared by the hostile modules: `attempt` turns a throw into `refused:CODE`. */
export const ATTEMPT = `
function attempt(action) {
  try {
    return 'ok:' + String(action());
  } catch (error) {
    return 'refused:' + (error.code ?? error.message);
  }
}
`;
