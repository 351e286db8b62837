// A Redis connection for the scale-out suites, with a key prefix of its own per test file.

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { REDIS_URL } from './env.js';

export function testRedis(): { redis: Redis; prefix: string; cleanup(): Promise<void> } {
  const redis = new Redis(REDIS_URL!, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  const prefix = `jt:${randomBytes(4).toString('hex')}:`;
  return {
    redis,
    prefix,
    async cleanup() {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}
