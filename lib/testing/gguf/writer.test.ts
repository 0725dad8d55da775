// The writer's output is read back with node-llama-cpp's own GGUF parser (an independent reader).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readGgufFileInfo } from 'node-llama-cpp';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeGguf, gguf, writeGgufFile, type GgufModel } from './writer';

const folder = mkdtempSync(path.join(tmpdir(), 'remora-gguf-writer-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const model: GgufModel = {
  metadata: {
    'general.architecture': gguf.string('llama'),
    'general.name': gguf.string('tést ✓'),
    'test.count': gguf.uint32(7),
    'test.signed': gguf.int32(-3),
    'test.big': gguf.uint64(2 ** 40),
    'test.ratio': gguf.float32(0.5),
    'test.flag': gguf.bool(true),
    'test.words': gguf.strings(['a', '<escape>', '']),
    'test.scores': gguf.numbers('float32', new Float32Array([1.5, -2])),
    'test.types': gguf.numbers('int32', [1, 3, 6]),
  },
  tensors: [
    { name: 'first.weight', dimensions: [3], data: new Float32Array([1, 2, 3]) },
    { name: 'second.weight', dimensions: [2, 2], data: new Float32Array([0.25, -1, 4, 8]) },
  ],
};

describe('GGUF writer', () => {
  it('writes a file that another GGUF reader reads back: metadata, tensor infos, aligned data', async () => {
    const file = path.join(folder, 'model.gguf');
    const size = await writeGgufFile(file, model);
    const bytes = readFileSync(file);
    expect(bytes.length).toBe(size);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('GGUF');
    expect(bytes.readUInt32LE(4)).toBe(3);

    const info = await readGgufFileInfo(file, { sourceType: 'filesystem', logWarnings: false });
    expect(info.version).toBe(3);
    expect(Number(info.tensorCount)).toBe(2);
    const metadata = info.metadata as unknown as Record<string, Record<string, unknown>>;
    expect(metadata.general.architecture).toBe('llama');
    expect(metadata.general.name).toBe('tést ✓');
    expect(metadata.test.count).toBe(7);
    expect(metadata.test.signed).toBe(-3);
    expect(Number(metadata.test.big)).toBe(2 ** 40);
    expect(metadata.test.ratio).toBeCloseTo(0.5);
    expect(metadata.test.flag).toBe(true);
    expect(metadata.test.words).toEqual(['a', '<escape>', '']);
    expect(metadata.test.scores).toEqual([1.5, -2]);
    expect(metadata.test.types).toEqual([1, 3, 6]);

    const tensors = info.tensorInfo ?? [];
    expect(tensors.map((tensor) => [tensor.name, tensor.dimensions.map(Number), tensor.ggmlType])).toEqual([
      ['first.weight', [3], 0],
      ['second.weight', [2, 2], 0],
    ]);
    for (const [index, tensor] of tensors.entries()) {
      const offset = Number(tensor.fileOffset);
      expect(offset % 32).toBe(0);
      const expected = model.tensors[index].data;
      const actual = new Float32Array(
        bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + expected.byteLength),
      );
      expect([...actual]).toEqual([...expected]);
    }
  });

  it('honours another alignment and records it', async () => {
    const file = path.join(folder, 'aligned.gguf');
    await writeGgufFile(file, { ...model, alignment: 64 });
    const info = await readGgufFileInfo(file, { sourceType: 'filesystem', logWarnings: false });
    expect((info.metadata as unknown as Record<string, Record<string, unknown>>).general.alignment).toBe(64);
    for (const tensor of info.tensorInfo ?? []) expect(Number(tensor.fileOffset) % 64).toBe(0);
  });

  it('refuses a tensor whose data does not fill its dimensions', () => {
    expect(() =>
      encodeGguf({ metadata: {}, tensors: [{ name: 'bad', dimensions: [2, 3], data: new Float32Array(5) }] }),
    ).toThrow(/5 values for dimensions 2x3/);
  });
});
