// `npm run dev`: Vite's dev server with hot reload on PORT (3000) and the API server, restarted
// on change by tsx, on PORT+1; Vite proxies /api to it. Pages render in the browser in dev.
import { spawn } from 'node:child_process';

const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', PORT: String(apiPort), HOST: '127.0.0.1' },
  }),
  spawn('npx', ['vite', '--port', String(port), '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: String(apiPort) },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && stop()));
