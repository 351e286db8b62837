// The image of a page, taken through a DevTools session of its own rather than page.screenshot.
// A capture that a navigation's commit strands in Chromium never answers, and Playwright queues
// every capture of a page behind the one before, so a stranded page.screenshot held the visit to
// its deadline (a third of the shots of a page that navigates every half second). Here the
// session is detached when the page starts to navigate, which ends the capture at once, and the
// next try opens a new one.

import type { Page } from 'playwright-core';
import { LeftError } from './settle.js';

export interface CaptureOptions {
  format: 'png' | 'jpeg';
  quality?: number;
  /** The region in CSS pixels from the top of the document; the viewport as it stands when absent. */
  clip?: { width: number; height: number };
  /** The clip reaches below the viewport. */
  beyondViewport?: boolean;
}

export async function capture(page: Page, opts: CaptureOptions, signal: AbortSignal): Promise<Buffer> {
  if (signal.aborted) throw new LeftError();
  const cdp = await page.context().newCDPSession(page);
  const leave = () => void cdp.detach().catch(() => {});
  signal.addEventListener('abort', leave, { once: true });
  try {
    // The page may have started to navigate while the session was opening.
    if (signal.aborted) throw new LeftError();
    const { data } = await cdp.send('Page.captureScreenshot', {
      format: opts.format,
      quality: opts.quality,
      // Device scale factor is 1: a CSS pixel is an image pixel.
      ...(opts.clip ? { clip: { x: 0, y: 0, ...opts.clip, scale: 1 } } : {}),
      captureBeyondViewport: opts.beyondViewport ?? false,
    });
    return Buffer.from(data, 'base64');
  } catch (err) {
    throw signal.aborted ? new LeftError() : err;
  } finally {
    signal.removeEventListener('abort', leave);
    leave();
  }
}
