// The dataset upload limit is the file's, as the form states it: a file at the limit passes even
// though its JSON request weighs more; one byte more (with its answers file) is refused, named.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../protocol/limits';
import { HttpError } from '../../http/errors';
import { checkDatasetFileSize, MAX_DATASET_BODY_BYTES } from './requests';

const LIMIT = LIMITS.datasetUploadBytes.max;

function refusal(body: { text: string; answers?: string }): HttpError | null {
  try {
    checkDatasetFileSize(body);
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

describe('the dataset upload limit', () => {
  it('takes a file at the limit, and refuses one byte more with the limit named', () => {
    expect(refusal({ text: 'x'.repeat(LIMIT) })).toBeNull();
    const over = refusal({ text: 'x'.repeat(LIMIT - 10), answers: 'y'.repeat(11) });
    expect(over?.status).toBe(413);
    expect(over?.message).toMatch(
      new RegExp(`dataset file is larger than ${LIMIT} bytes \\(64 MB\\): it has ${LIMIT + 1} bytes`),
    );
  });

  it('lets through the JSON request of a file at the limit, whatever it escapes', () => {
    // The worst a valid JSONL file does: every character one that JSON escapes with a backslash.
    const text = '"\\\n'.repeat(LIMIT / 4) + '\t'.repeat(LIMIT / 4);
    const request = JSON.stringify({
      name: 'a'.repeat(LIMITS.idLength.max),
      format: 'distil',
      text,
      sourceFile: 'f'.repeat(500),
      description: 'd'.repeat(2000),
    });
    expect(Buffer.byteLength(request)).toBeGreaterThan(LIMIT);
    expect(Buffer.byteLength(request)).toBeLessThanOrEqual(MAX_DATASET_BODY_BYTES);
  });
});
