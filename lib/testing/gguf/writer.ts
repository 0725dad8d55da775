// A small writer for GGUF version 3, the file format llama.cpp loads (the layout follows the format's
// public description in ggml's docs/gguf.md): a header, metadata key/values, tensor infos, padding
// to the alignment, then the tensor data, each tensor starting at a multiple of the alignment.
// Only what the project needs is written: scalar, string and array values, and F32 tensors.
import { open } from 'node:fs/promises';

import { GGUF_MAGIC } from '../../embedded/gguf-file';
const GGUF_VERSION = 3;
const DEFAULT_ALIGNMENT = 32;
const GGML_TYPE_F32 = 0;

/** Value type codes of the format. */
const VALUE_TYPE = {
  uint8: 0,
  int8: 1,
  uint16: 2,
  int16: 3,
  uint32: 4,
  int32: 5,
  float32: 6,
  bool: 7,
  string: 8,
  array: 9,
  uint64: 10,
  int64: 11,
  float64: 12,
} as const;

export type GgufNumberType =
  'uint8' | 'int8' | 'uint16' | 'int16' | 'uint32' | 'int32' | 'float32' | 'uint64' | 'int64' | 'float64';

export type GgufValue =
  | { type: GgufNumberType; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'array'; itemType: GgufNumberType; value: ArrayLike<number> }
  | { type: 'array'; itemType: 'bool'; value: boolean[] }
  | { type: 'array'; itemType: 'string'; value: string[] };

/** Shorthands for metadata values. */
export const gguf = {
  uint32: (value: number): GgufValue => ({ type: 'uint32', value }),
  int32: (value: number): GgufValue => ({ type: 'int32', value }),
  uint64: (value: number): GgufValue => ({ type: 'uint64', value }),
  float32: (value: number): GgufValue => ({ type: 'float32', value }),
  bool: (value: boolean): GgufValue => ({ type: 'bool', value }),
  string: (value: string): GgufValue => ({ type: 'string', value }),
  strings: (value: string[]): GgufValue => ({ type: 'array', itemType: 'string', value }),
  numbers: (itemType: GgufNumberType, value: ArrayLike<number>): GgufValue => ({ type: 'array', itemType, value }),
};

/** An F32 tensor. `dimensions` are in ggml's order: the first one varies fastest (a row's length). */
export type GgufTensor = { name: string; dimensions: number[]; data: Float32Array };

export type GgufModel = {
  metadata: Record<string, GgufValue>;
  tensors: GgufTensor[];
  /** Written as `general.alignment` when it is not the default. */
  alignment?: number;
};

/** Appends little-endian values to a growing list of buffers. */
class ByteSink {
  readonly chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  number(type: GgufNumberType, value: number): void {
    const sizes: Record<GgufNumberType, number> = {
      uint8: 1,
      int8: 1,
      uint16: 2,
      int16: 2,
      uint32: 4,
      int32: 4,
      float32: 4,
      uint64: 8,
      int64: 8,
      float64: 8,
    };
    const buffer = Buffer.alloc(sizes[type]);
    switch (type) {
      case 'uint8':
        buffer.writeUInt8(value);
        break;
      case 'int8':
        buffer.writeInt8(value);
        break;
      case 'uint16':
        buffer.writeUInt16LE(value);
        break;
      case 'int16':
        buffer.writeInt16LE(value);
        break;
      case 'uint32':
        buffer.writeUInt32LE(value);
        break;
      case 'int32':
        buffer.writeInt32LE(value);
        break;
      case 'float32':
        buffer.writeFloatLE(value);
        break;
      case 'uint64':
        buffer.writeBigUInt64LE(BigInt(value));
        break;
      case 'int64':
        buffer.writeBigInt64LE(BigInt(value));
        break;
      case 'float64':
        buffer.writeDoubleLE(value);
        break;
    }
    this.push(buffer);
  }

  string(text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    this.number('uint64', bytes.length);
    this.push(bytes);
  }

  padTo(alignment: number): void {
    const padding = (alignment - (this.length % alignment)) % alignment;
    if (padding > 0) this.push(Buffer.alloc(padding));
  }
}

function writeValue(sink: ByteSink, value: GgufValue): void {
  sink.number('uint32', VALUE_TYPE[value.type]);
  switch (value.type) {
    case 'bool':
      sink.number('uint8', value.value ? 1 : 0);
      return;
    case 'string':
      sink.string(value.value);
      return;
    case 'array': {
      sink.number('uint32', VALUE_TYPE[value.itemType]);
      sink.number('uint64', value.value.length);
      if (value.itemType === 'string') for (const item of value.value as string[]) sink.string(item);
      else if (value.itemType === 'bool')
        for (const item of value.value as boolean[]) sink.number('uint8', item ? 1 : 0);
      else {
        const items = value.value as ArrayLike<number>;
        for (let index = 0; index < items.length; index += 1) sink.number(value.itemType, items[index]);
      }
      return;
    }
    default:
      sink.number(value.type, value.value);
  }
}

function tensorProblem(tensor: GgufTensor): string | null {
  if (tensor.dimensions.length < 1 || tensor.dimensions.length > 4)
    return `tensor ${tensor.name} must have 1 to 4 dimensions`;
  const count = tensor.dimensions.reduce((product, dimension) => product * dimension, 1);
  if (count !== tensor.data.length)
    return `tensor ${tensor.name} has ${tensor.data.length} values for dimensions ${tensor.dimensions.join('x')}`;
  return null;
}

/**
 * The whole file as a list of buffers (header, metadata, tensor infos, padding, data). Throws on an inconsistent model:
 * that is a bug of the caller.
 */
export function encodeGguf(model: GgufModel): Buffer[] {
  const alignment = model.alignment ?? DEFAULT_ALIGNMENT;
  const metadata: Record<string, GgufValue> = { ...model.metadata };
  if (alignment !== DEFAULT_ALIGNMENT) metadata['general.alignment'] = gguf.uint32(alignment);
  for (const tensor of model.tensors) {
    const problem = tensorProblem(tensor);
    if (problem) throw new Error(problem);
  }

  const header = new ByteSink();
  header.push(Buffer.from(GGUF_MAGIC, 'ascii'));
  header.number('uint32', GGUF_VERSION);
  header.number('uint64', model.tensors.length);
  header.number('uint64', Object.keys(metadata).length);
  for (const [key, value] of Object.entries(metadata)) {
    header.string(key);
    writeValue(header, value);
  }

  // Offsets are relative to the start of the data section; each tensor starts aligned.
  let offset = 0;
  const offsets: number[] = [];
  for (const tensor of model.tensors) {
    offsets.push(offset);
    offset += tensor.data.byteLength;
    offset += (alignment - (offset % alignment)) % alignment;
  }
  model.tensors.forEach((tensor, index) => {
    header.string(tensor.name);
    header.number('uint32', tensor.dimensions.length);
    for (const dimension of tensor.dimensions) header.number('uint64', dimension);
    header.number('uint32', GGML_TYPE_F32);
    header.number('uint64', offsets[index]);
  });
  header.padTo(alignment);

  const data = new ByteSink();
  for (const tensor of model.tensors) {
    data.push(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    data.padTo(alignment);
  }
  return [...header.chunks, ...data.chunks];
}

/** Writes the model to a file; returns its size in bytes. */
export async function writeGgufFile(path: string, model: GgufModel): Promise<number> {
  const chunks = encodeGguf(model);
  const file = await open(path, 'w');
  let size = 0;
  try {
    // Many small header chunks go out in one write; tensors are written as they are.
    const batch: Buffer[] = [];
    let batchSize = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await file.write(Buffer.concat(batch, batchSize));
      batch.length = 0;
      batchSize = 0;
    };
    for (const chunk of chunks) {
      size += chunk.length;
      batch.push(chunk);
      batchSize += chunk.length;
      if (batchSize >= 1 << 20) await flush();
    }
    await flush();
  } finally {
    await file.close();
  }
  return size;
}
