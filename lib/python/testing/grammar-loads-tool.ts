// Test fixture: how many times this worker has loaded the Python grammar, whichever tools loaded it.
import { pythonGrammarLoads } from '../parser';
import { defineTool } from '../../tools/define-tool';

export default defineTool(import.meta.url, () => ({ outcome: 'success', result: { loads: pythonGrammarLoads() } }));
