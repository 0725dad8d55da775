// analyze_signature: the node's parameters, types and return type, and how a test imports it.
import { defineTool } from '../../../lib/tools/define-tool';
import { analyzeSignatureTool } from '../../../lib/python/analyze-signature';

export default defineTool(import.meta.url, (_args, context) => analyzeSignatureTool(context));
