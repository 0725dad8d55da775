export type BinsDir = { binsDir: string; packageVersion: string } | undefined;
export function gpuBinaries(name: string, root?: string): Promise<() => BinsDir>;
