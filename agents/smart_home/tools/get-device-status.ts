// get_device_status: see ../home.ts for what it does to the simulated home.
import { defineTool } from '../../../lib/tools/define-tool';
import { runHomeTool } from './home-tool';

export default defineTool(import.meta.url, (args, context) => runHomeTool('get_device_status', args, context));
