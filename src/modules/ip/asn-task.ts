// The ASN table built in a work-pool thread (src/core/work). Built on the event loop, even in
// 10 ms slices, its start-up held the loop up to 0.24–0.77 s at a load average of 24: decoding
// the two CSV files (about 40 MB) is one synchronous step, and the half million rows made as
// strings before the table keep the collector busy. In a thread none of that reaches the loop;
// what crosses back is typed arrays and one text of names (AsnDb.tables).

import { notReady } from '../../core/errors.js';
import { workTask, type Exceeded, type WorkPool } from '../../core/work/index.js';
import { AsnDb, type AsnTables } from './asn-db.js';

/** How long a thread may take over the table: seconds on a quiet machine, tens on a busy one. */
const ASN_BUDGET_MS = 180_000;

/** Runs in the worker thread. */
export async function asnTask(dir: string): Promise<AsnTables> {
  return (await AsnDb.open(dir)).tables();
}

const ASN = workTask<string, AsnTables>(new URL('./asn-task.js', import.meta.url), 'asnTask');

const overBudget = (what: Exceeded) =>
  notReady(
    what.kind === 'time'
      ? `building the ASN table took longer than ${what.limitMs} ms; the server is overloaded`
      : `building the ASN table needed more than ${what.limitMb} MB; WORK_HEAP_MB sets the threads' heap`,
  );

/** The ASN table of a directory, built in the pool. */
export async function openAsnDbInPool(pool: WorkPool, dir: string): Promise<AsnDb> {
  return AsnDb.fromTables(await pool.run(ASN, dir, { timeoutMs: ASN_BUDGET_MS, exceeded: overBudget }));
}
