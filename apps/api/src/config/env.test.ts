import { readFile } from 'node:fs/promises';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastifyTrustProxy, isLoopbackAddress, loadConfig } from './env.ts';

describe('DEV_TOOLS', () => {
  const devTools = (env: Record<string, string>) => loadConfig(env).devTools;

  it.each([
    // NODE_ENV, HOST, DEV_TOOLS → on?
    ['development', undefined, undefined, false],
    ['development', '127.0.0.1', undefined, false],
    ['development', '::1', undefined, false],
    ['test', '127.0.0.1', undefined, false],
    ['development', '0.0.0.0', undefined, false],
    ['production', '127.0.0.1', undefined, false],
    ['production', '0.0.0.0', 'true', true],
    ['development', '0.0.0.0', 'true', true],
    ['development', '127.0.0.1', 'true', true],
    ['development', '127.0.0.1', 'false', false],
  ] as const)('NODE_ENV=%s HOST=%s DEV_TOOLS=%s → %s', (nodeEnv, host, explicit, on) => {
    expect(devTools({ NODE_ENV: nodeEnv, ...(host ? { HOST: host } : {}), ...(explicit ? { DEV_TOOLS: explicit } : {}) })).toBe(on);
  });

  it('is on in the demo configuration that `npm start` and `npm run dev` read (apps/api/demo.env)', async () => {
    const packageJson = z.object({ scripts: z.record(z.string(), z.string()) }).parse(JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')));
    for (const name of ['start', 'dev']) expect(packageJson.scripts[name], name).toContain('--env-file=demo.env');
    const demo = parseEnv(await readFile(new URL('../../demo.env', import.meta.url), 'utf8'));
    expect(loadConfig(demo).devTools).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

  it('trusts no proxy by default, or when false or 0', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });

  it('takes a number of proxy hops', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
  });

  it('takes proxy addresses and ranges', () => {
    expect(trustProxy('10.0.0.0/8')).toEqual(['10.0.0.0/8']);
    expect(trustProxy('10.0.0.1, 192.168.0.0/16,fd00::/8,loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('refuses true, which would believe the address the client writes, with a message saying what to set', () => {
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY: .*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8/);
  });

  it('refuses what is neither a hop count nor addresses', () => {
    expect(() => trustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => trustProxy('proxy.example')).toThrow(/proxy\.example/);
    expect(() => trustProxy('50')).toThrow(/TRUST_PROXY/);
  });

  it('becomes Fastify’s "first n hops" for a count', () => {
    const trust = fastifyTrustProxy(1);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect(trust('10.0.0.2', 0)).toBe(true);
    expect(trust('10.0.0.1', 1)).toBe(false);
  });
});

describe('isLoopbackAddress', () => {
  it('knows loopback addresses from others', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['0.0.0.0', '::', '10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', 'example.test', '']) expect(isLoopbackAddress(address), address).toBe(false);
  });
});
