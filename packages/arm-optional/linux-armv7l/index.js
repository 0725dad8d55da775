export { getBinsDir } from 'node-llama-cpp-linux-armv7l';
