import { afterAll } from 'vitest';
import { stopLeftoverServers } from './server-process';

// Runs after the file's own hooks (vitest runs after-hooks last-registered first).
afterAll(stopLeftoverServers);
