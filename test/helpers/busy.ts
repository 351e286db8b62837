// A busy host, made on purpose: processes that hold every core and keep the disk writing, as a
// laptop running a build or a shared CI machine does. For the start-up test and its benchmark.

import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

const SPIN = 'for (;;) {}';
// Writes and syncs 4 MB at a time to one file, rewritten from the start every 64 MB.
const DISK = `
  const fs = require('node:fs');
  const buf = Buffer.alloc(4 << 20, 7);
  const fd = fs.openSync(process.argv[1], 'w');
  let pos = 0;
  for (;;) { fs.writeSync(fd, buf, 0, buf.length, pos); fs.fsyncSync(fd); pos = (pos + buf.length) % (64 << 20); }
`;

export interface Busy {
  stop(): Promise<void>;
}

/** One spinning process per core and one disk writer; stop() ends them and removes the file. */
export function busyHost(cores = availableParallelism()): Busy {
  const file = join(tmpdir(), `jankari-busy-${process.pid}-${Date.now()}.bin`);
  const children: ChildProcess[] = [];
  for (let i = 0; i < cores; i++) children.push(spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }));
  children.push(spawn(process.execPath, ['-e', DISK, file], { stdio: 'ignore' }));
  return {
    async stop() {
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((r) => {
              if (c.exitCode !== null || c.signalCode !== null) return r();
              c.once('exit', () => r());
              c.kill('SIGKILL');
            }),
        ),
      );
      rmSync(file, { force: true });
    },
  };
}
