// Where the server's log lines go: stdout, written once per turn of the event loop.
//
// At LOG_LEVEL=info every request writes a line. Written one system call a line (pino's
// default, synchronous) or handed to libuv's thread pool (pino's `sync: false`, which costs a
// thread hand-off per write), a line cost 11 to 17 µs of CPU in a simulated server loop
// writing to a pipe. Here the lines of one turn are kept together and written in one
// synchronous write when the turn ends (setImmediate), or as soon as BATCH_BYTES pile up:
// 4 to 6 µs a line in the same loop. No line waits for a later turn, and none is lost at exit
// (flushed then). Larger batches on a timer measured no better in `npm run bench`.
//
// A synchronous write blocks while the reader of stdout is full, as console.log and pino's
// default do on Linux pipes; sonic-boom (through pino.destination) does the writing, with its
// handling of partial writes, EAGAIN and a closed pipe (EPIPE stops logging, not the server).

import pino from 'pino';

/** Bytes kept before a turn's lines are written early: under sonic-boom's 16 KB write size. */
const BATCH_BYTES = 8192;

/** A stream of log lines (what pino writes to). */
export interface LineSink {
  write(line: string): void;
  /** Writes what is pending now. */
  flushSync(): void;
}

/** Log lines to a file descriptor or path, written at the end of each event-loop turn. */
export function turnBatched(dest: number | string): LineSink {
  // sonic-boom writes each chunk it is given at once (no minLength): the batching is here. The
  // lines are kept as they come and joined once a turn, instead of being handed to sonic-boom
  // one by one: it measures each line's UTF-8 length as it comes (Buffer.byteLength, which first
  // copies pino's concatenated string flat) and appends it to a string of its own, which is
  // copied again when written; that was the largest single cost of a request line (about 1.5 µs).
  // The early write is by characters, not bytes: a bound on memory, not on the write's size.
  const boom = pino.destination({ dest, sync: true });
  let lines: string[] = [];
  let chars = 0;
  let scheduled = false;
  const writePending = () => {
    if (lines.length === 0) return;
    const chunk = lines.length === 1 ? lines[0] : lines.join('');
    lines = [];
    chars = 0;
    boom.write(chunk);
  };
  const endOfTurn = () => {
    scheduled = false;
    writePending();
  };
  return {
    write(line: string) {
      lines.push(line);
      chars += line.length;
      if (chars >= BATCH_BYTES) writePending();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(endOfTurn);
      }
    },
    flushSync() {
      writePending();
      boom.flushSync();
    },
  };
}

let stdout: LineSink | undefined;

/** The process's stdout as a log sink: one for every app of the process, flushed when it exits. */
export function stdoutLines(): LineSink {
  if (!stdout) {
    const sink = turnBatched(1);
    process.on('exit', () => sink.flushSync());
    stdout = sink;
  }
  return stdout;
}
