import { describe, expect, it } from 'vitest';
import { declaredEncoding, decodePython, encodePython } from './encoding';

const latin1 = Buffer.concat([
  Buffer.from('# -*- coding: latin-1 -*-\nNAME = "'),
  Buffer.from([0x4a, 0xf6, 0x72, 0x67]),
  Buffer.from('"\n'),
]);

describe('Python source encodings (PEP 263) and line endings', () => {
  it('finds a coding declaration on line 1, or on line 2 after a comment line', () => {
    expect(declaredEncoding(Buffer.from('# -*- coding: latin-1 -*-\nx = 1\n'))).toBe('latin-1');
    expect(declaredEncoding(Buffer.from('#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\n'))).toBe('cp1252');
    expect(declaredEncoding(Buffer.from('x = 1\n# coding: latin-1\n'))).toBeNull();
    expect(declaredEncoding(Buffer.from('x = 1\n'))).toBeNull();
  });

  it('decodes a latin-1 file to real characters and writes it back byte for byte', () => {
    const decoded = decodePython(latin1);
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.value.text).toContain('Jörg');
    expect(decoded.value.text).not.toContain('\ufffd');
    const back = encodePython(decoded.value.text, decoded.value.format);
    expect(back.ok && back.bytes.equals(latin1)).toBe(true);
  });

  it('refuses to write a character the declared encoding cannot hold, rather than corrupting the file', () => {
    const decoded = decodePython(latin1);
    if (!decoded.ok) throw new Error(decoded.error);
    const encoded = encodePython(`${decoded.value.text}ARROW = "→"\n`, decoded.value.format);
    expect(encoded.ok).toBe(false);
    expect(!encoded.ok && encoded.error).toContain('latin-1');
  });

  it('keeps CRLF line endings: tools see LF, inserted lines come back as CRLF', () => {
    const crlf = Buffer.from('def f():\r\n    return 1\r\n');
    const decoded = decodePython(crlf);
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.value.text).toBe('def f():\n    return 1\n');
    const edited = decoded.value.text.replace('def f():\n', 'def f():\n    """One."""\n');
    const back = encodePython(edited, decoded.value.format);
    expect(back.ok && back.bytes.toString('latin1')).toBe('def f():\r\n    """One."""\r\n    return 1\r\n');
  });

  it('leaves a file with mixed line endings as it is, and keeps a UTF-8 BOM', () => {
    const mixed = Buffer.from('a = 1\r\nb = 2\n');
    const decoded = decodePython(mixed);
    expect(decoded.ok && decoded.value.text).toBe('a = 1\r\nb = 2\n');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('x = "é"\n')]);
    const withBom = decodePython(bom);
    if (!withBom.ok) throw new Error(withBom.error);
    const back = encodePython(withBom.value.text, withBom.value.format);
    expect(back.ok && back.bytes.equals(bom)).toBe(true);
  });

  it('refuses bytes that are not valid in the declared (or default UTF-8) encoding', () => {
    const bad = Buffer.concat([Buffer.from('x = "'), Buffer.from([0xff, 0xfe]), Buffer.from('"\n')]);
    const decoded = decodePython(bad);
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.error).toContain('UTF-8');
  });
});
