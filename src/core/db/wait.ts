// At start, a database that is not there yet (a compose deployment often starts the app before
// PostgreSQL accepts connections) is waited for, with back-off and one line per try, instead of
// dying on the first refused connection with a driver's stack trace.

import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { openDatabase } from './database.js';
import { isDatabaseUnavailable } from './unavailable.js';

export class DatabaseNotReady extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseNotReady';
  }
}

const reasonOf = (err: unknown) => (err instanceof Error ? ((err as { code?: string }).code ?? err.message) : String(err)).toString().split('\n')[0];

/**
 * Resolves once the database answers a query. Retries only what says "not there" (refused,
 * reset, starting up); anything else (a wrong password, a bad path) fails at once, since
 * waiting would not change it. Gives up after `timeoutMs` with DatabaseNotReady.
 */
export async function waitForDatabase(url: string, opts: { timeoutMs: number; say: (line: string) => void }): Promise<void> {
  const until = Date.now() + opts.timeoutMs;
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    const db = openDatabase(url, { poolMax: 1 });
    try {
      await sql`select 1`.execute(db.db);
      if (attempt > 1) opts.say(`database reachable after ${attempt} tries`);
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const left = until - Date.now();
      if (left <= 0)
        throw new DatabaseNotReady(
          `the database did not answer within ${Math.round(opts.timeoutMs / 1000)} s (${reasonOf(err)}); check DATABASE_URL and that the server is up`,
        );
      opts.say(`database not reachable yet (${reasonOf(err)}); retrying in ${Math.min(delay, left)} ms`);
      await sleep(Math.min(delay, left));
      delay = Math.min(delay * 2, 5000);
    } finally {
      await db.close().catch(() => undefined);
    }
  }
}
