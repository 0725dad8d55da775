// FunctionGemma's control tokens (spec/functiongemma.md), declared once for the renderer, the
// decoders, the simulator, the embedded engine and the tiny test model.

export const BOS = '<bos>';
export const EOS = '<eos>';
const PAD = '<pad>';
export const START_OF_TURN = '<start_of_turn>';
export const END_OF_TURN = '<end_of_turn>';
export const ESCAPE = '<escape>';
export const START_FUNCTION_DECLARATION = '<start_function_declaration>';
export const END_FUNCTION_DECLARATION = '<end_function_declaration>';
export const START_FUNCTION_CALL = '<start_function_call>';
export const END_FUNCTION_CALL = '<end_function_call>';
export const START_FUNCTION_RESPONSE = '<start_function_response>';
export const END_FUNCTION_RESPONSE = '<end_function_response>';

/** The tokens a tokenizer must keep whole, in the order the tiny test model's vocabulary lists them. */
export const FUNCTION_GEMMA_CONTROL_TOKENS = [
  START_OF_TURN,
  END_OF_TURN,
  START_FUNCTION_DECLARATION,
  END_FUNCTION_DECLARATION,
  START_FUNCTION_CALL,
  END_FUNCTION_CALL,
  START_FUNCTION_RESPONSE,
  END_FUNCTION_RESPONSE,
  ESCAPE,
] as const;

/** Every control token a rendered prompt or a model's answer can hold (the tokenizer reads each as one token). */
export const PROMPT_CONTROL_TOKENS: readonly string[] = [BOS, EOS, PAD, ...FUNCTION_GEMMA_CONTROL_TOKENS];

/** Tokens that end a call's text. A string value cannot hold them, so a broken call never swallows the next one. */
export const CALL_TERMINATORS = [END_FUNCTION_CALL, START_FUNCTION_CALL, START_FUNCTION_RESPONSE, END_OF_TURN] as const;

export type CallTerminator = (typeof CALL_TERMINATORS)[number];
