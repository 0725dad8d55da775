export { getBinsDir } from 'node-llama-cpp-linux-arm64';
