// Prometheus metrics of one app (prom-client): its own registry, so apps built side by side in
// one process (tests) count apart. Core parts report through the small methods below; nothing
// else in the code knows prom-client.

import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export interface Metrics {
  /** The exposition's content type, and its text. */
  readonly contentType: string;
  text(): Promise<string>;
  /** One answered request: the route pattern (not the URL, so label values stay few). */
  request(route: string, method: string, status: number, seconds: number): void;
  /** One call to an upstream: 'ok' or the failure kind (timeout, network, blocked, …). */
  upstream(upstream: string, outcome: string): void;
  /** One cache read of a namespace. */
  cacheLookup(namespace: string, hit: boolean): void;
  /** One crawl run of a group, stored or refused, with the rows it produced. */
  crawl(group: string, stored: boolean, rows: number): void;
  /**
   * One failure of a provider as the failover saw it, by kind: unlike the HTTP-level count above,
   * this includes `parse` (an answer that arrived but parsed to nothing: a changed page).
   */
  providerFailure(group: string, provider: string, kind: string): void;
  /** One browser visit (a render or a screenshot): its outcome, and how long it waited for a context. */
  browserVisit(outcome: string, queueSeconds: number): void;
}

// Latency buckets in seconds: sub-millisecond cached answers up to upstream deadlines.
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface Series {
  count: number;
  sum: number;
  /** Per bucket, not cumulative; the last one is +Inf. */
  buckets: number[];
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * Requests by route, method and status, with their latency histogram. Kept out of prom-client
 * on purpose: its labelled counter and histogram cost about 16 µs per request here (label
 * hashing, one object per observation), which doubled the server's CPU per request; this is
 * three map lookups and a short bucket scan, and the text is written only when scraped.
 */
class RequestStats {
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();

  observe(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) byStatus.set(status, (series = { count: 0, sum: 0, buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0) }));
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i++;
    series.buckets[i]++;
    series.count++;
    series.sum += seconds;
  }

  /** The Prometheus text of both metrics. */
  text(): string {
    const counts = ['# HELP jankari_http_requests_total Answered HTTP requests', '# TYPE jankari_http_requests_total counter'];
    const hist = ['# HELP jankari_http_request_duration_seconds Time from request to answer', '# TYPE jankari_http_request_duration_seconds histogram'];
    for (const [route, byMethod] of this.byRoute) {
      for (const [method, byStatus] of byMethod) {
        for (const [status, s] of byStatus) {
          const labels = `route="${escapeLabel(route)}",method="${method}",status="${status}"`;
          counts.push(`jankari_http_requests_total{${labels}} ${s.count}`);
          let cumulative = 0;
          LATENCY_BUCKETS.forEach((le, i) => {
            cumulative += s.buckets[i];
            hist.push(`jankari_http_request_duration_seconds_bucket{le="${le}",${labels}} ${cumulative}`);
          });
          hist.push(`jankari_http_request_duration_seconds_bucket{le="+Inf",${labels}} ${s.count}`);
          hist.push(`jankari_http_request_duration_seconds_sum{${labels}} ${s.sum}`);
          hist.push(`jankari_http_request_duration_seconds_count{${labels}} ${s.count}`);
        }
      }
    }
    return `${counts.join('\n')}\n${hist.join('\n')}\n`;
  }
}

/** Cache reads by namespace: read on most requests, so counted as cheaply as requests are. */
class CacheStats {
  private readonly byNamespace = new Map<string, { hit: number; miss: number }>();

  observe(namespace: string, hit: boolean): void {
    let c = this.byNamespace.get(namespace);
    if (!c) this.byNamespace.set(namespace, (c = { hit: 0, miss: 0 }));
    if (hit) c.hit++;
    else c.miss++;
  }

  text(): string {
    const lines = ['# HELP jankari_cache_lookups_total Cache reads by namespace and result', '# TYPE jankari_cache_lookups_total counter'];
    for (const [ns, c] of this.byNamespace) {
      lines.push(`jankari_cache_lookups_total{namespace="${escapeLabel(ns)}",result="hit"} ${c.hit}`);
      lines.push(`jankari_cache_lookups_total{namespace="${escapeLabel(ns)}",result="miss"} ${c.miss}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

export function createMetrics(opts: { processMetrics: boolean } = { processMetrics: true }): Metrics {
  const registry = new Registry();
  // Process defaults: CPU, memory, handles, GC, and the event-loop lag. Only when /metrics is
  // served: the lag is sampled by a timer every 10 ms, which woke an idle server 98 times a
  // second (80 ms of CPU in 10 s) even with METRICS_ENABLED=false, when nobody reads it.
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });
  const requests = new RequestStats();
  const upstream = new Counter({
    name: 'jankari_upstream_calls_total',
    help: 'Calls to upstreams by outcome',
    labelNames: ['upstream', 'outcome'],
    registers: [registry],
  });
  const cache = new CacheStats();
  const crawls = new Counter({
    name: 'jankari_crawl_runs_total',
    help: 'Crawl runs by group and outcome',
    labelNames: ['group', 'outcome'],
    registers: [registry],
  });
  const rows = new Counter({ name: 'jankari_crawl_rows_stored_total', help: 'Rows stored by crawls', labelNames: ['group'], registers: [registry] });
  const failures = new Counter({
    name: 'jankari_provider_failures_total',
    help: 'Provider failures seen by the failover, by kind (parse: the page changed)',
    labelNames: ['group', 'provider', 'kind'],
    registers: [registry],
  });
  // A few a second at most (a visit costs a core for a second): prom-client's cost is nothing here.
  const visits = new Counter({
    name: 'jankari_browser_visits_total',
    help: 'Browser visits (renders, screenshots) by outcome: ok, blocked, failed, timeout, busy, unavailable',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const queueWait = new Histogram({
    name: 'jankari_browser_queue_wait_seconds',
    help: 'How long a browser visit waited for a free context',
    buckets: [0.001, 0.01, 0.1, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return {
    contentType: registry.contentType,
    async text() {
      return requests.text() + cache.text() + (await registry.metrics());
    },
    request(route, method, status, seconds) {
      requests.observe(route, method, status, seconds);
    },
    upstream(name, outcome) {
      upstream.inc({ upstream: name, outcome });
    },
    cacheLookup(namespace, hit) {
      cache.observe(namespace, hit);
    },
    crawl(group, stored, n) {
      crawls.inc({ group, outcome: stored ? 'stored' : 'refused' });
      if (stored) rows.inc({ group }, n);
    },
    providerFailure(group, provider, kind) {
      failures.inc({ group, provider, kind });
    },
    browserVisit(outcome, queueSeconds) {
      visits.inc({ outcome });
      queueWait.observe(queueSeconds);
    },
  };
}
