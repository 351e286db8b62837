// What the main frame of a visit does after the first document: the navigations it starts
// (a meta refresh, a Refresh header, a script's location.replace), whether any of them was
// refused by the guarded proxy or went to a scheme that is never shown, and which document it
// is on now. The pool settles and reads the page by it (settle.ts); the guard itself stays in
// the proxy, which checks every hop's resolved address whatever this file sees.

import type { Page, Request, Response } from 'playwright-core';
import { BlockedAddressError } from '../../core/net/index.js';
import { explainFailure, NavigationError } from './errors.js';
import { PROXY_HEADER, type GuardedProxy } from './proxy.js';

/** Main-frame navigations followed after the first document; later ones are cancelled. */
export const MAX_NAVIGATIONS = 5;

// The browser's word of a request can reach this process after the proxy (in this process too)
// has refused it: a proxy record this much older than that word may still be the request's.
// An idle tunnel's stale record is as old as the proxy's idle timeout (the visit deadline).
const VERDICT_SLACK_MS = 2000;

// Error pages and the blank start page are the browser's own; any other scheme is refused.
const SHOWN = /^(https?:|about:blank$|chrome-error:)/i;

export class MainFrameWatch {
  /** Main-frame navigations started, the first (the visit's own) included; redirect hops are not counted. */
  started = 0;
  /** When the main frame last started, ended or loaded a navigation (for the quiet window). */
  lastActivity = Date.now();
  /** The URL of the latest main-frame request, redirect hops included (what a failed goto is explained by). */
  lastRequested?: string;
  /** Main-frame navigations sent and not yet answered, with when each began (less the slack). */
  private readonly inFlight = new Map<Request, number>();
  private readonly listeners = new Set<() => void>();
  private document?: Response;
  private refusal?: Error;
  private holding = false;
  private onHold!: () => void;
  /** Resolves when the main frame is held (a document waiting for its load may then never get it). */
  readonly whenHeld = new Promise<void>((resolve) => (this.onHold = resolve));

  constructor(
    private readonly page: Page,
    private readonly proxy: GuardedProxy,
  ) {
    page.on('request', (req) => {
      // Once held, navigations are cancelled by the route below: not followed, not waited for.
      if (this.holding || !this.isMainNavigation(req)) return;
      this.lastRequested = req.url();
      this.inFlight.set(req, Date.now() - VERDICT_SLACK_MS);
      this.touch();
      if (!req.redirectedFrom()) {
        this.started++;
        for (const listener of this.listeners) listener();
      }
      if (this.started === MAX_NAVIGATIONS + 1) void this.hold();
    });
    page.on('response', (res) => {
      if (!this.isMainNavigation(res.request())) return;
      this.checkProxyAnswer(res);
      if (res.status() < 300 || res.status() >= 400) this.document = res;
      // Answered: it commits now (a redirect's next hop is a request of its own). Its body's end
      // is not waited for: a document whose loading is cancelled (the hold) may never report it;
      // the load state and the quiet window cover the rest.
      this.settled(res.request());
    });
    page.on('requestfinished', (req) => this.settled(req));
    page.on('requestfailed', (req) => {
      const began = this.settled(req);
      if (began === undefined) return;
      const text = req.failure()?.errorText ?? '';
      // Aborted: replaced by a newer navigation, a download, or cancelled here; the page stays.
      if (/ERR_ABORTED/.test(text)) return;
      this.refusal ??= explainFailure(new Error(text), new URL(req.url()), this.proxy, began);
    });
    page.on('load', () => this.touch());
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && !SHOWN.test(frame.url())) {
        this.refusal ??= new BlockedAddressError(`the page went to ${frame.url().slice(0, 60)}; only http and https pages are shown`);
      }
    });
  }

  /** Calls `listener` whenever the main frame starts a navigation; returns the way to stop. */
  onNavigation(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether the main frame is held (its navigations cancelled) after MAX_NAVIGATIONS. */
  get held(): boolean {
    return this.holding;
  }

  /** Navigations of the main frame sent and not yet answered or failed. */
  get navigating(): boolean {
    return this.inFlight.size > 0;
  }

  /** Throws when a main-frame navigation was refused (400) or failed (502): the page did not end where it should be read. */
  throwIfRefused(): void {
    if (this.refusal) throw this.refusal;
  }

  /** The document the main frame shows now: its URL, and the status and type it was answered with. */
  current(fallback: Response | null): { finalUrl: string; status: number | null; contentType: string | null } {
    const doc = this.document ?? fallback;
    return { finalUrl: this.page.url(), status: doc?.status() ?? null, contentType: doc?.headers()['content-type'] ?? null };
  }

  private touch(): void {
    this.lastActivity = Date.now();
  }

  /** Forgets an in-flight navigation: when it began, or undefined when it was not one of ours. */
  private settled(req: Request): number | undefined {
    const began = this.inFlight.get(req);
    if (began === undefined) return undefined;
    this.inFlight.delete(req);
    this.touch();
    return began;
  }

  private isMainNavigation(req: Request): boolean {
    try {
      return req.isNavigationRequest() && req.frame() === this.page.mainFrame();
    } catch {
      // A request of a worker has no frame: not the main document.
      return false;
    }
  }

  /**
   * After MAX_NAVIGATIONS the main frame is held where it is: its further navigations are
   * cancelled (ERR_ABORTED keeps the current document, where any other error would show an
   * error page), so a page that navigates for ever is read as it last stood.
   */
  private async hold(): Promise<void> {
    await this.page
      .route('**/*', async (route) => {
        const req = route.request();
        if (this.isMainNavigation(req) && !req.redirectedFrom()) return route.abort('aborted');
        return route.fallback();
      })
      .catch(() => {});
    this.holding = true;
    this.onHold();
  }

  /** The proxy answers a refused plain-http request itself; its record says whether that is what this is. */
  private checkProxyAnswer(res: Response): void {
    const mark = res.headers()[PROXY_HEADER];
    if (!mark) return;
    const verdict = this.proxy.verdict(new URL(res.url()));
    if (!verdict || verdict.kind !== mark) return; // a site sending the header itself
    this.refusal ??=
      verdict.kind === 'blocked'
        ? new BlockedAddressError(verdict.reason, { url: res.url(), address: verdict.address })
        : new NavigationError(`could not load ${res.url()}: ${verdict.reason}`, 'failed');
  }
}
