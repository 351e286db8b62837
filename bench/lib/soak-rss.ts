// Resident memory of the server process, read from /proc every few seconds, and the leak rule:
// after a warm-up (the first share of the run: lazy loads, JIT, caches and pools filling), the
// median of the last fifth of the samples may exceed the median of the first fifth after the
// warm-up by less than the limit. Medians, not maxima: one sample taken just before a major GC
// says little; a leak moves the whole tail.

import { readFileSync } from 'node:fs';

const MB = 1024 * 1024;

function rssBytes(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};

export interface RssVerdict {
  ok: boolean;
  reason: string;
  start: number;
  afterWarmup: number;
  end: number;
  max: number;
  growth: number;
  samples: number;
}

export class RssSampler {
  readonly samples: { t: number; rss: number }[] = [];
  private timer?: NodeJS.Timeout;
  private t0 = 0;
  constructor(
    private readonly pid: number,
    private readonly everyMs: number,
  ) {}

  start(): void {
    this.t0 = Date.now();
    const take = () => {
      const rss = rssBytes(this.pid);
      if (rss !== undefined) this.samples.push({ t: (Date.now() - this.t0) / 1000, rss });
    };
    take();
    this.timer = setInterval(take, this.everyMs);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  verdict(warmupShare: number, limit: number): RssVerdict {
    const s = this.samples.map((x) => x.rss);
    const after = s.slice(Math.floor(s.length * warmupShare));
    const fifth = Math.max(1, Math.floor(after.length / 5));
    const afterWarmup = median(after.slice(0, fifth));
    const end = median(after.slice(-fifth));
    const growth = end / afterWarmup - 1;
    const base = { start: s[0], afterWarmup, end, max: Math.max(...after), growth, samples: s.length };
    if (after.length < 5) return { ...base, ok: false, reason: `too few RSS samples after warm-up (${after.length}) to judge growth` };
    const ok = growth < limit;
    const fmt = (b: number) => `${(b / MB).toFixed(1)} MB`;
    return {
      ...base,
      ok,
      reason: ok ? '' : `RSS grew ${(growth * 100).toFixed(1)}% after warm-up (${fmt(afterWarmup)} -> ${fmt(end)}; limit ${(limit * 100).toFixed(0)}%)`,
    };
  }

  /** The verdict's figures and the series in ten steps, for the log. */
  print(v: RssVerdict): void {
    const mb = (b: number) => (b / MB).toFixed(1);
    console.log(`\n| RSS MB: start | after warm-up | end | max after warm-up | growth | samples |`);
    console.log('|---:|---:|---:|---:|---:|---:|');
    console.log(`| ${mb(v.start)} | ${mb(v.afterWarmup)} | ${mb(v.end)} | ${mb(v.max)} | ${(v.growth * 100).toFixed(1)}% | ${v.samples} |`);
    const step = Math.max(1, Math.floor(this.samples.length / 10));
    const series = this.samples.filter((_x, i) => i % step === 0 || i === this.samples.length - 1);
    console.log(`RSS series (s: MB): ${series.map((x) => `${x.t.toFixed(0)}: ${mb(x.rss)}`).join(', ')}`);
  }
}
