// What a /fetch request asks of the service: its query, turned into the read options. One
// function, so /fetch, /r/<url> (its query from headers) and Firecrawl's scrape (its query from
// a JSON body) read a page the same way and gain any new /fetch parameter together.

import { isOn, type Static } from '../../core/schema.js';
import { readerControls } from './controls.js';
import type { FetchQuery } from './schemas.js';
import type { ReadOptions } from './types.js';

export type FetchParams = Static<typeof FetchQuery>;

/** The read options a validated /fetch query asks for. */
export function readOptionsOf(q: FetchParams): ReadOptions {
  return {
    format: q.format,
    main: isOn(q.main),
    maxChars: q.max,
    links: isOn(q.links),
    render: isOn(q.render),
    pdf: isOn(q.pdf),
    ...readerControls(q),
  };
}
