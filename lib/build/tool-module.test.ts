import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledToolModule } from './tool-module';

// The compiled command line has no TypeScript loader: a .ts tool is bundled for it, and bundled
// again when any file it imports changes.
let folder = '';

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

function write(file: string, text: string, secondsAhead = 0): void {
  writeFileSync(path.join(folder, file), text);
  const when = new Date(Date.now() + secondsAhead * 1000);
  utimesSync(path.join(folder, file), when, when);
}

async function callTool(url: string): Promise<unknown> {
  const module = (await import(url)) as { default: (args: Record<string, unknown>) => unknown };
  return module.default({ name: 'x' });
}

describe('compiledToolModule', () => {
  it('bundles a TypeScript tool with what it imports, and reuses the bundle until a source changes', async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'remora-tool-module-'));
    write('helper.ts', "export const greeting: string = 'hello';\n");
    write(
      'tool.ts',
      "import { greeting } from './helper';\ntype Args = { name: string };\n" +
        'export default (args: Args): string => `${greeting} ${args.name}`;\n',
    );
    const cache = path.join(folder, 'cache');

    const first = await compiledToolModule(path.join(folder, 'tool.ts'), cache);
    expect(first).toMatch(/\.mjs$/);
    expect(await callTool(first)).toBe('hello x');
    expect(await compiledToolModule(path.join(folder, 'tool.ts'), cache)).toBe(first);

    write('helper.ts', "export const greeting: string = 'goodbye';\n", 5);
    const second = await compiledToolModule(path.join(folder, 'tool.ts'), cache);
    expect(second).not.toBe(first);
    expect(await callTool(second)).toBe('goodbye x');
    expect(readdirSync(cache).filter((name) => name.endsWith('.json'))).toHaveLength(1);
  });

  it('rejects a tool that does not compile, naming the problem', async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'remora-tool-module-'));
    write('broken.ts', 'export default (args: ) => 1;\n');
    await expect(compiledToolModule(path.join(folder, 'broken.ts'), path.join(folder, 'cache'))).rejects.toThrow(
      /broken\.ts/,
    );
  });

  it("bundles zod with English alone of its locales, and zod's messages still read in English", async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'remora-tool-module-'));
    const zod = JSON.stringify(fileURLToPath(new URL('../../node_modules/zod/index.js', import.meta.url)));
    write(
      'tool.ts',
      `import { z } from ${zod};\n` +
        'export default () => ({\n  locales: Object.keys(z.locales),\n' +
        '  message: z.string().safeParse(1).error?.message,\n});\n',
    );
    const url = await compiledToolModule(path.join(folder, 'tool.ts'), path.join(folder, 'cache'));
    const result = (await callTool(url)) as { locales: string[]; message: string };
    expect(result.locales).toEqual(['en']);
    expect(result.message).toContain('Invalid input: expected string, received number');
    expect(readFileSync(fileURLToPath(url), 'utf8')).not.toContain('node_modules/zod/v4/locales/fr.js');
  });
});
