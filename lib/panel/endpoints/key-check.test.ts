import { describe, expect, it } from 'vitest';
import { secretLikeReason } from './key-check';

describe('secretLikeReason', () => {
  it('lets variable names through (HF_TOKEN is a name, hf_... a key)', () => {
    for (const name of [
      'OPENAI_API_KEY',
      'VLLM_KEY',
      'HF_TOKEN',
      'MY_SERVER_2_KEY',
      'TOGETHER_API_KEY_PRODUCTION_EU_WEST_1',
      'KEY',
      '',
    ]) {
      expect(secretLikeReason(name), name).toBeNull();
    }
  });

  it('refuses keys, whatever their case', () => {
    for (const key of [
      'sk-proj-abc123',
      'sk_live_51HABCDEF',
      'ghp_abcdefghijklmnop',
      'AKIAIOSFODNN7EXAMPLE',
      'A1B2C3D4E5F6G7H8I9J0K1L2',
      'hf_abcdef',
      'Bearer abc',
      'MY KEY',
    ]) {
      expect(secretLikeReason(key), key).not.toBeNull();
    }
  });
});
