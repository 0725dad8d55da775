// The stand-ins of packages/ (packages/README.md): an x64 install holds no arm binaries and no
// sharp, and on arm the stand-ins bring the real binaries of the version node-llama-cpp loads.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const manifest = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const project = manifest('package.json');
const llama = manifest('node_modules/node-llama-cpp/package.json');
const ARM = { 'linux-arm64': 'arm64', 'linux-armv7l': 'arm' } as const;

describe('the arm stand-ins of node-llama-cpp', () => {
  for (const [name, cpu] of Object.entries(ARM)) {
    const real = `@node-llama-cpp/${name}`;
    it(`${name}: installs on ${cpu} only, bringing the real package of node-llama-cpp's version`, () => {
      const folder = `packages/arm-optional/${name}`;
      const standIn = manifest(`${folder}/package.json`);
      expect(standIn.name).toBe(real);
      expect(standIn.cpu).toEqual([cpu]);
      expect(standIn.dependencies).toEqual({ [`node-llama-cpp-${name}`]: `npm:${real}@${llama.version}` });
      expect(llama.optionalDependencies[real], 'node-llama-cpp still loads this package').toBe(llama.version);
      expect(project.optionalDependencies[real]).toBe(`file:${folder}`);
      expect(project.overrides[real]).toBe(`$${real}`);
      expect(readFileSync(path.join(root, folder, 'index.js'), 'utf8')).toContain(`from 'node-llama-cpp-${name}'`);
    });
  }

  it.runIf(process.arch === 'x64')('are not installed on x64, nor the real packages', () => {
    for (const name of Object.keys(ARM)) {
      expect(existsSync(path.join(root, 'node_modules/@node-llama-cpp', name)), name).toBe(false);
      expect(existsSync(path.join(root, `node_modules/node-llama-cpp-${name}`)), name).toBe(false);
    }
  });
});

describe('the sharp stand-in', () => {
  it('is what Next.js would load, and says why sharp is left out', () => {
    const fromNext = createRequire(path.join(root, 'node_modules/next/package.json'));
    expect(() => fromNext('sharp')).toThrow(/sharp is left out of Remora's install/);
    expect(existsSync(path.join(root, 'node_modules/@img'))).toBe(false);
  });
});
