// vLLM's `pythonic` parser as the simulator plays it: the whole answer is one list of calls with
// literal arguments, or it is content.
import type { VllmParserReading } from '../family';
import { asContent, called } from '../vllm-parsing';
import { readPythonCalls } from './python-calls';

export function pythonicVllmParser(text: string): VllmParserReading {
  try {
    return called(readPythonCalls(text.trim()), text);
  } catch {
    // Any reading failure is vLLM's "not a call": the text is the content.
    return asContent(text);
  }
}
