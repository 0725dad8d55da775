import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gpuBinaries } from '../../packages/gpu-optional/gpu-binaries.js';
import { ConfigurationError } from '../errors';
import { gpuBackend, loadLlama } from './llama-runtime';

// The default install replaces node-llama-cpp's GPU packages with stand-ins (package.json overrides);
// `npm run gpu -- cuda|vulkan` puts the real ones in gpu/, where the stand-ins find them.
let root = '';
const savedGpu = process.env.REMORA_GPU;

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
  if (savedGpu === undefined) delete process.env.REMORA_GPU;
  else process.env.REMORA_GPU = savedGpu;
});

describe('the GPU stand-in packages', () => {
  it('are what the install holds in place of the GPU binaries, and offer none', async () => {
    for (const name of ['linux-x64-cuda', 'linux-x64-cuda-ext', 'linux-x64-vulkan']) {
      const module = (await import(`@node-llama-cpp/${name}`)) as { getBinsDir(): unknown };
      expect(module.getBinsDir()).toBeUndefined();
    }
  });

  it('hand over to the real package once it is installed under gpu/', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'remora-gpu-'));
    const real = path.join(root, 'gpu', 'node_modules', '@node-llama-cpp', 'linux-x64-vulkan', 'dist');
    mkdirSync(real, { recursive: true });
    writeFileSync(
      path.join(real, 'index.js'),
      "export function getBinsDir() { return { binsDir: '/somewhere/bins', packageVersion: '3.22.1' }; }\n",
    );
    expect((await gpuBinaries('linux-x64-vulkan', root))()).toEqual({
      binsDir: '/somewhere/bins',
      packageVersion: '3.22.1',
    });
    expect((await gpuBinaries('linux-x64-cuda', root))()).toBeUndefined();
  });
});

describe('REMORA_GPU', () => {
  it('is the CPU unless it names a backend, and refuses anything else', () => {
    for (const off of [undefined, '', 'off', 'cpu']) expect(gpuBackend(off)).toBe(false);
    for (const backend of ['cuda', 'vulkan', 'auto'] as const) expect(gpuBackend(backend)).toBe(backend);
    expect(() => gpuBackend('metal-please')).toThrow(ConfigurationError);
  });

  it('without the GPU binaries installed, says how to install them', async () => {
    process.env.REMORA_GPU = 'vulkan';
    // The process's llama.cpp is started once (on globalThis); a test file run before this one in the
    // same vitest worker may have started the CPU one, which must not answer for REMORA_GPU here.
    const shared = (globalThis as { __remoraLlama?: { llama?: Promise<unknown> } }).__remoraLlama;
    const started = shared?.llama;
    if (shared) shared.llama = undefined;
    try {
      await expect(loadLlama()).rejects.toThrow(/npm run gpu -- vulkan/);
    } finally {
      if (shared) shared.llama = started;
    }
  });
});
