// Checks that a path names a readable GGUF file before llama.cpp is asked to load it, so that a
// wrong path or a file that is not a model gives a clear configuration error.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigurationError, errorMessage } from '../errors';

/** The first four bytes of every GGUF file. */
export const GGUF_MAGIC = 'GGUF';

/** Smaller than any usable model: a header with its metadata alone takes more. */
const MINIMUM_BYTES = 24;

function describeBytes(bytes: Buffer): string {
  const printable = [...bytes].every((byte) => byte >= 0x20 && byte < 0x7f);
  return printable ? JSON.stringify(bytes.toString('latin1')) : bytes.toString('hex');
}

/**
 * Throws a ConfigurationError unless `filePath` is a file that starts like a GGUF model. Returns its absolute path and
 * size.
 */
export function checkGgufFile(filePath: string): { path: string; bytes: number } {
  const absolute = path.resolve(filePath);
  let size: number;
  try {
    const stat = statSync(absolute);
    if (!stat.isFile()) throw new ConfigurationError(`the GGUF model ${absolute} is not a file`);
    size = stat.size;
  } catch (error) {
    if (ConfigurationError.is(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'does not exist' : `cannot be read (${errorMessage(error)})`;
    throw new ConfigurationError(
      `the GGUF model ${absolute} ${reason}; fetch one with \`remora fetch-model URL --out PATH\` (see the README)`,
      [],
      { cause: error },
    );
  }
  const head = Buffer.alloc(4);
  let read = 0;
  try {
    const descriptor = openSync(absolute, 'r');
    try {
      read = readSync(descriptor, head, 0, 4, 0);
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    throw new ConfigurationError(`the GGUF model ${absolute} cannot be read: ${errorMessage(error)}`, [], {
      cause: error,
    });
  }
  if (read < 4 || head.toString('latin1') !== GGUF_MAGIC) {
    throw new ConfigurationError(
      `${absolute} is not a GGUF model: it starts with ${describeBytes(head.subarray(0, read))}, not "GGUF"`,
    );
  }
  if (size < MINIMUM_BYTES) throw new ConfigurationError(`${absolute} is too short (${size} bytes) to be a GGUF model`);
  return { path: absolute, bytes: size };
}
