export { WorkPool, sharedWorkPool, workTask, type Exceeded, type RunOptions, type WorkPoolOptions, type WorkPoolStats, type WorkTask } from './pool.js';
