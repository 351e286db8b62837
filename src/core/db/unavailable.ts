// Tells a database that is gone (server down, connection cut, file locked or unreadable)
// from a bug in a query: the first is the world's state and answers 503, the second a 500.

// PostgreSQL SQLSTATE classes and codes that mean "the server is not there for you now":
// 08 connection exceptions, 57P01-57P03 shutdown / cannot connect now, 53300 too many
// connections, 3D000 the database itself is gone.
const PG_UNAVAILABLE = /^(08...|57P0[1-3]|53300|3D000)$/;
// Socket-level failures of the pg driver on the way to the server.
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
// The pg driver reports a dropped or unobtainable connection only in words.
const PG_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;
// SQLite: busy or locked past busy_timeout, the file cannot be opened or written, disk full.
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY)/;
// A handle already closed (a request racing the shutdown): Kysely's and better-sqlite3's words.
const CLOSED_MESSAGES = new Set(['driver has already been destroyed', 'The database connection is not open']);

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 3) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (PG_UNAVAILABLE.test(code) || NET_CODES.has(code) || SQLITE_UNAVAILABLE.test(code))) return true;
  if (PG_MESSAGES.test(err.message) || CLOSED_MESSAGES.has(err.message)) return true;
  const inner = err instanceof AggregateError ? err.errors[0] : err.cause;
  return isDatabaseUnavailable(inner, depth + 1);
}
