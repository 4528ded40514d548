import autocannon from 'autocannon';
import { LOAD } from './bench-config.ts';

export interface LoadSample {
  url: string;
  seconds: number;
  /** Mean of the per-second request counts. */
  requestsPerSecond: number;
  totalRequests: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  ok2xx: number;
  non2xx: number;
  /** Connection errors, timeouts included (autocannon's `errors`). */
  errors: number;
  timeouts: number;
}

/** One autocannon run: 50 connections, pipelining 1, for `seconds`. */
export async function runLoad(url: string, seconds: number, headers: Record<string, string> = {}): Promise<LoadSample> {
  const result = await autocannon({
    url,
    method: 'GET',
    headers,
    connections: LOAD.connections,
    pipelining: LOAD.pipelining,
    duration: seconds,
  });
  return {
    url,
    seconds,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
