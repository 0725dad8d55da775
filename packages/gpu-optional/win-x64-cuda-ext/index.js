import { gpuBinaries } from '../gpu-binaries.js';

export const getBinsDir = await gpuBinaries('win-x64-cuda-ext');
