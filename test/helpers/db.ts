// Every repository test runs on every dialect: in-memory SQLite always, and PostgreSQL
// when JANKARI_TEST_PG is set, each test file in a database of its own (created and
// dropped here) so suites never see each other's rows.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/core/db/index.js';
import { PG_URL } from './env.js';

export interface TestDb {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty database. */
  open(): Promise<Database & { url: string; drop(): Promise<void> }>;
}

export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const name = `jt_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(PG_URL!);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const DIALECTS: TestDb[] = [
  {
    name: 'sqlite',
    async open() {
      const db = openDatabase('sqlite::memory:');
      return Object.assign(db, { url: 'sqlite::memory:', drop: async () => {} });
    },
  },
  ...(PG_URL
    ? [
        {
          name: 'postgres' as const,
          async open() {
            const { url, drop } = await createPgDatabase();
            const db = openDatabase(url, { poolMax: 4 });
            const close = db.close.bind(db);
            return Object.assign(db, {
              url,
              close: async () => {
                await close();
              },
              drop: async () => {
                await close().catch(() => {});
                await drop();
              },
            });
          },
        },
      ]
    : []),
];
