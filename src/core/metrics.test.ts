// The process metrics (CPU, memory, GC, event-loop lag) are collected only for an app that
// serves /metrics: collecting them samples the event loop every 10 ms, which kept an idle
// server waking 98 times a second with METRICS_ENABLED=false, when nobody could read them.

import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.js';

describe('process metrics', () => {
  it('are collected for an app that serves /metrics', async () => {
    const text = await createMetrics({ processMetrics: true }).text();
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
  });

  it("are not collected otherwise; the app's own counts still are", async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.request('/numerology', 'GET', 200, 0.002);
    const text = await metrics.text();
    expect(text).not.toMatch(/nodejs_eventloop_lag|process_cpu_seconds/);
    expect(text).toMatch(/route="\/numerology"/);
  });
});
