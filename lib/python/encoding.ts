// Python source files as bytes on disk and text for the tools: the PEP 263 coding declaration
// decides the encoding, and a file written back keeps every byte the change did not touch
// (its encoding, its BOM and its CRLF line endings). A file that cannot be written back exactly
// as it was read is refused rather than silently rewritten.

type Newline = '\n' | '\r\n';

export type SourceFormat = {
  /** Canonical name: `utf-8`, `latin-1`, or a single-byte encoding TextDecoder knows (`windows-1252`, ...). */
  encoding: string;
  /** `\r\n` when every line ends so: the text given to tools then uses `\n`, and writing puts `\r\n` back. */
  newline: Newline;
  bom: boolean;
};

type DecodedSource = { text: string; format: SourceFormat };

export type Decoded = { ok: true; value: DecodedSource } | { ok: false; error: string };
export type Encoded = { ok: true; bytes: Buffer } | { ok: false; error: string };

const CODING = /^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)/;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const UTF8_NAMES = new Set(['utf-8', 'utf8', 'utf-8-sig', 'u8', 'utf', 'cp65001']);
const LATIN1_NAMES = new Set([
  'latin-1',
  'latin1',
  'iso-8859-1',
  'iso8859-1',
  '8859',
  'cp819',
  'l1',
  'iso-latin-1',
  'latin',
]);
const ASCII_NAMES = new Set(['ascii', 'us-ascii', '646']);

/** The encoding a PEP 263 declaration on line 1 or 2 names (line 2 counts only after a comment or blank line 1). */
export function declaredEncoding(bytes: Buffer): string | null {
  const head = bytes
    .subarray(0, 400)
    .toString('latin1')
    .split(/\r\n|\n|\r/);
  const first = head[0] ?? '';
  const onFirst = CODING.exec(first);
  if (onFirst) return onFirst[1];
  if (head.length > 1 && /^[ \t\f]*(#.*)?$/.test(first)) {
    const onSecond = CODING.exec(head[1]);
    if (onSecond) return onSecond[1];
  }
  return null;
}

function canonical(name: string): string {
  const lower = name.toLowerCase().replace(/_/g, '-');
  if (UTF8_NAMES.has(lower)) return 'utf-8';
  if (LATIN1_NAMES.has(lower)) return 'latin-1';
  if (ASCII_NAMES.has(lower)) return 'ascii';
  if (/^cp125[0-8]$/.test(lower)) return `windows-${lower.slice(2)}`;
  return lower;
}

// Reverse tables of single-byte encodings, built once each from TextDecoder's own decoding.
const reverseTables = new Map<string, Map<string, number> | null>();

function singleByteTable(encoding: string): Map<string, number> | null {
  if (reverseTables.has(encoding)) return reverseTables.get(encoding) ?? null;
  let table: Map<string, number> | null = null;
  try {
    const decoder = new TextDecoder(encoding, { fatal: true });
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    const characters = [...decoder.decode(bytes)];
    if (characters.length === 256) {
      table = new Map(characters.map((character, index) => [character, index]));
      if (table.size !== 256) table = null;
    }
  } catch {
    // Unknown to TextDecoder, or not single-byte: such files are refused by the callers, with the name.
    table = null;
  }
  reverseTables.set(encoding, table);
  return table;
}

function decodeText(bytes: Buffer, encoding: string): string {
  if (encoding === 'utf-8') return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  if (encoding === 'latin-1') return bytes.toString('latin1');
  if (encoding === 'ascii') {
    const bad = bytes.findIndex((byte) => byte > 0x7f);
    if (bad !== -1) throw new Error(`byte 0x${bytes[bad].toString(16)} at offset ${bad} is not ASCII`);
    return bytes.toString('latin1');
  }
  if (!singleByteTable(encoding)) throw new Error(`the encoding "${encoding}" is not supported for editing`);
  return new TextDecoder(encoding, { fatal: true }).decode(bytes);
}

function encodeText(text: string, encoding: string): Buffer {
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  const limit = encoding === 'latin-1' ? 0xff : encoding === 'ascii' ? 0x7f : -1;
  if (limit !== -1) {
    for (let index = 0; index < text.length; index++) {
      if (text.charCodeAt(index) > limit)
        throw new Error(`the character ${JSON.stringify(text[index])} cannot be written in ${encoding}`);
    }
    return Buffer.from(text, 'latin1');
  }
  const table = singleByteTable(encoding);
  if (!table) throw new Error(`the encoding "${encoding}" is not supported for editing`);
  const out = Buffer.alloc(text.length);
  let length = 0;
  for (const character of text) {
    const byte = table.get(character);
    if (byte === undefined)
      throw new Error(`the character ${JSON.stringify(character)} cannot be written in ${encoding}`);
    out[length++] = byte;
  }
  return out.subarray(0, length);
}

/** True when every line feed of the text is preceded by a carriage return (and there is one at least). */
function usesCrlf(text: string): boolean {
  let lineFeeds = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    if (text[index - 1] !== '\r') return false;
    lineFeeds++;
  }
  return lineFeeds > 0;
}

/** Decodes a Python file's bytes for the tools; refuses a file that would not write back byte for byte. */
export function decodePython(bytes: Buffer): Decoded {
  const bom = bytes.subarray(0, 3).equals(UTF8_BOM);
  const declared = declaredEncoding(bytes);
  const encoding = bom ? 'utf-8' : canonical(declared ?? 'utf-8');
  let raw: string;
  try {
    raw = decodeText(bom ? bytes.subarray(3) : bytes, encoding);
  } catch (error) {
    const named = declared ? `its declared encoding "${declared}"` : 'UTF-8 (it declares no encoding)';
    return { ok: false, error: `the file cannot be decoded as ${named}: ${(error as Error).message}` };
  }
  const newline: Newline = usesCrlf(raw) ? '\r\n' : '\n';
  const value: DecodedSource = {
    text: newline === '\r\n' ? raw.replace(/\r\n/g, '\n') : raw,
    format: { encoding, newline, bom },
  };
  const back = encodePython(value.text, value.format);
  if (!back.ok || !back.bytes.equals(bytes))
    return { ok: false, error: `the file does not read back byte for byte in ${encoding}, so it is not edited` };
  return { ok: true, value };
}

/** The bytes of `text` in the file's own format (encoding, BOM, line endings). */
export function encodePython(text: string, format: SourceFormat): Encoded {
  const withNewlines = format.newline === '\r\n' ? text.replace(/\r?\n/g, '\r\n') : text;
  try {
    const body = encodeText(withNewlines, format.encoding);
    return { ok: true, bytes: format.bom ? Buffer.concat([UTF8_BOM, body]) : body };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
