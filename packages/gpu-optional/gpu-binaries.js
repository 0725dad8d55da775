// Stands in for node-llama-cpp's GPU binary packages (CUDA, Vulkan: about 600 MB that a CPU machine
// never uses), through package.json's "overrides". Until `npm run gpu -- cuda|vulkan` installs the
// real package into gpu/, it offers no binaries and node-llama-cpp uses its CPU build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// This file sits in packages/gpu-optional/ (npm links file: packages rather than copying them).
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * node-llama-cpp's getBinsDir for the real package `@node-llama-cpp/NAME` installed under ROOT/gpu/,
 * or one that returns undefined (no binaries) when it is not there.
 */
export async function gpuBinaries(name, root = projectRoot) {
  const entry = path.join(root, 'gpu', 'node_modules', '@node-llama-cpp', name, 'dist', 'index.js');
  if (!existsSync(entry)) return () => undefined;
  // Loaded at run time from a folder `npm run gpu` fills, never bundled: the comments tell the
  // panel's bundler so, instead of it failing to resolve a path that only exists after an opt-in.
  const real = await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ pathToFileURL(entry).href);
  return () => real.getBinsDir();
}
