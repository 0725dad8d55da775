// Which conversations an experiment runs, in which order.
import type { ExperimentConfig } from '../experiment-config/experiment-config';

/** One conversation to run: which variant, which repeat, which input. */
export type Slot = { variantIndex: number; slot: number; inputIndex: number };

export function slotKey(variantIndex: number, slot: number): string {
  return `${variantIndex}:${slot}`;
}

/**
 * Every conversation of an experiment. Variants are interleaved (slot by slot) so that an
 * experiment stopped half way has comparable numbers for every variant. Inputs are cycled.
 */
export function planSlots(
  config: Pick<ExperimentConfig, 'variants' | 'inputs' | 'requestsPerVariant' | 'storedCases'>,
): Slot[] {
  const slots: Slot[] = [];
  const inputs = inputCount(config);
  for (let slot = 0; slot < config.requestsPerVariant; slot++) {
    for (let variantIndex = 0; variantIndex < config.variants.length; variantIndex++) {
      slots.push({ variantIndex, slot, inputIndex: slot % inputs });
    }
  }
  return slots;
}

/** How many inputs the experiment cycles through. */
export function inputCount(config: Pick<ExperimentConfig, 'inputs' | 'storedCases'>): number {
  return config.storedCases?.count ?? config.inputs.length;
}
