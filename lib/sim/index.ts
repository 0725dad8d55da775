// The simulated FunctionGemma endpoint: start it with startSimServer; SimOptions holds its settings.
export { startSimServer, resolveSimOptions, type SimServer, type SimServerOptions } from './server';
export {
  SimOptions,
  DEFAULT_SHAPE_WEIGHTS,
  SIM_SHAPES,
  type SimOptionsInput,
  type SimShape,
  type SimStats,
  type SimMode,
} from './options';
export { SimEngine } from './sim-engine';
