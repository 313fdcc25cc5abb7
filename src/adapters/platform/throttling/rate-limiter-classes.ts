import { createRequire } from 'node:module';
import type * as Flexible from 'rate-limiter-flexible';

// rate-limiter-flexible's index loads every store it supports (MongoDB, MySQL, DynamoDB, etcd, the cluster
// master, ...), about a megabyte of heap for code this server never runs: each class is loaded from its own
// file instead, the shared stores only when configured. The package's own types describe them.
const require = createRequire(import.meta.url);
const load = <T>(name: string): T => require(`rate-limiter-flexible/lib/${name}.js`) as T;

export type RateLimiterRes = Flexible.RateLimiterRes;
export type RateLimiterMemory = Flexible.RateLimiterMemory;
export type RateLimiterAbstract = Flexible.RateLimiterAbstract;

/** The result a limiter resolves with, and rejects with when the budget is spent. */
export const RateLimiterRes = load<typeof Flexible.RateLimiterRes>('RateLimiterRes');
export const RateLimiterMemory = load<typeof Flexible.RateLimiterMemory>('RateLimiterMemory');

export function rateLimiterPostgres(): typeof Flexible.RateLimiterPostgres {
  return load('RateLimiterPostgres');
}

export function rateLimiterRedis(): typeof Flexible.RateLimiterRedis {
  return load('RateLimiterRedis');
}
