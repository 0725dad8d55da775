// FunctionGemma 270M: `<start_function_call>call:NAME{key:<escape>v<escape>}<end_function_call>`
// (spec/functiongemma.md). Its reader is the native decoder the two-stage parser has always used.
import type { ModelFamily, NativeReading } from '../family';
import {
  END_FUNCTION_CALL,
  ESCAPE,
  PROMPT_CONTROL_TOKENS,
  START_FUNCTION_CALL,
} from '../../protocol/functiongemma-tokens';
import { decodeNativeCalls } from './native-decode';

function read(text: string): NativeReading {
  if (!text.includes(START_FUNCTION_CALL)) return { kind: 'none' };
  const decoded = decodeNativeCalls(text);
  const good = decoded.calls.filter((call) => call.argumentsError === undefined);
  if (good.length === 0) return { kind: 'broken', error: decoded.error ?? 'the native block holds no call' };
  return {
    kind: 'calls',
    calls: decoded.calls.map(({ name, arguments: args }) => ({ name, arguments: args })),
    text: decoded.textBefore,
  };
}

export const functionGemma: ModelFamily = {
  name: 'functiongemma',
  models: ['functiongemma-270m-it'],
  vllmToolParser: 'functiongemma',
  vllmParser: null,
  parsePath: 'functiongemma_tags',
  callExample: `${START_FUNCTION_CALL}call:get_weather{city:${ESCAPE}Paris${ESCAPE}}${END_FUNCTION_CALL}`,
  specialTokens: { bos: '<bos>', eos: '<eos>' },
  controlTokens: PROMPT_CONTROL_TOKENS,
  markers: [START_FUNCTION_CALL],
  templateMarker: null,
  chatTemplate: null,
  read,
};
