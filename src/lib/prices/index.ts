// Machinery the crawled price groups (fuel, commodities) share: the location registry and
// its search, the price/run tables and repository, the crawl runner, the schedule, the
// crawl report and the versioned answer cache. Not an endpoint group itself.

export * from './names.js';
export * from './registry.js';
export * from './migrations.js';
export * from './repository.js';
export * from './tables.js';
export * from './crawl.js';
export * from './html.js';
export * from './dates.js';
export * from './statements.js';
export * from './figures.js';
export * from './witness.js';
export * from './jobs.js';
export * from './status.js';
export * from './answers.js';
export * from './change.js';
export * from './schemas.js';
export * from './group.js';
export * from './locate.js';
