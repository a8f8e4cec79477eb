import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

interface Line {
  msg: string;
  n?: number;
}

/**
 * Runs `script` in a process of its own, `log` being a pino logger on jsonLogStream() (stdout),
 * and collects its stdout lines with the time each chunk arrived.
 */
function runLogging(script: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import pino from 'pino';
       import { jsonLogStream } from './src/server/platform/logging/log-format.ts';
       const log = pino(jsonLogStream());
       ${script}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const arrived: { at: number; lines: Line[] }[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const complete = text.slice(0, text.lastIndexOf('\n') + 1);
    partial = text.slice(complete.length);
    const lines = complete
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);
    if (lines.length > 0) arrived.push({ at: Date.now(), lines });
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { arrived, exited, stderr: () => stderr, child };
}

describe('JSON log lines in blocks (decision 010)', () => {
  it('writes lines that never fill a block while the process runs, in order', async () => {
    const run = runLogging(`
      log.info('started');
      setTimeout(() => log.info({ n: 1 }, 'later'), 100);
      setTimeout(() => process.exit(0), 60_000);
    `);
    let exited = false;
    void run.exited.then(() => (exited = true));
    const seen = () => run.arrived.flatMap((chunk) => chunk.lines.map((line) => line.msg));
    // Two short lines never fill a block: only the periodic flush can write them before exit.
    await expect
      .poll(seen, { timeout: 30_000, message: run.stderr() })
      .toEqual(['started', 'later']);
    expect(exited).toBe(false);
    run.child.kill();
    await run.exited;
  });

  it('loses no gathered line when the process crashes', async () => {
    const run = runLogging(`
      for (let n = 0; n < 1000; n++) log.info({ n }, 'line');
      setImmediate(() => { throw new Error('crash'); });
    `);
    expect(await run.exited).not.toBe(0);
    const lines = run.arrived.flatMap((chunk) => chunk.lines);
    expect(lines.map((line) => line.n)).toEqual(Array.from({ length: 1000 }, (_, n) => n));
    expect(run.stderr()).toContain('crash');
  });
});
