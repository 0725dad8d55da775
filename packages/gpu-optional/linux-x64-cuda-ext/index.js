import { gpuBinaries } from '../gpu-binaries.js';

export const getBinsDir = await gpuBinaries('linux-x64-cuda-ext');
