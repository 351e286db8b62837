// Log lines for a person watching a terminal (LOG_FORMAT=pretty, or auto on a TTY): each pino
// JSON line as "HH:MM:SS.mmm LEVEL message key=value …", one line per record, with no
// dependency (pino-pretty is not installed). A line that is not JSON passes through unchanged,
// so nothing is lost. Machines keep the JSON lines (pipes, containers, log collectors).

import type { LineSink } from './log-stream.js';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
/** pino's own keys, said by the line's head rather than repeated as key=value. */
const HEAD = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

const value = (v: unknown): string => {
  if (typeof v === 'string') return /[\s"=]/.test(v) || v === '' ? JSON.stringify(v) : v;
  return JSON.stringify(v);
};

/** One JSON log line as a readable one. */
export function prettyLine(line: string): string {
  let rec: Record<string, unknown>;
  try {
    rec = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (rec === null || typeof rec !== 'object') return line;
  const time = typeof rec.time === 'number' ? new Date(rec.time).toISOString().slice(11, 23) : '';
  const level = LEVELS[rec.level as number] ?? String(rec.level ?? '');
  const rest = Object.entries(rec)
    .filter(([k]) => !HEAD.has(k))
    .map(([k, v]) => `${k}=${value(v)}`)
    .join(' ');
  return `${[time, level, String(rec.msg ?? ''), rest].filter(Boolean).join(' ')}\n`;
}

/** A sink that writes each line to `inner` made readable. */
export function prettySink(inner: LineSink): LineSink {
  return {
    write: (line) => inner.write(prettyLine(line)),
    flushSync: () => inner.flushSync(),
  };
}

/** Whether lines are written for a person: LOG_FORMAT=pretty, or auto when stdout is a terminal. */
export const wantsPretty = (format: string, isTty: boolean | undefined) => format === 'pretty' || (format === 'auto' && isTty === true);
