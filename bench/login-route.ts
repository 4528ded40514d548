/**
 * What a browser really downloads to open the login route: Chromium opens
 * /ecare/identification/authentification on the production build served by the real server,
 * waits until the network has been idle for 500 ms, and every script response received until
 * then is counted. Per file: the bytes that travelled (compressed body, as sent for Chromium's
 * Accept-Encoding) and the gzip -9 size of the decoded body; the target applies to the sum of
 * the gzip -9 sizes, so it does not depend on how the server compresses.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { GZIP_LEVEL, LOGIN_PATH, TARGETS } from './bench-config.ts';

export interface ScriptFile {
  /** Path of the URL (query string dropped). */
  path: string;
  status: number;
  /** Content-Encoding of the response ('identity' when none). */
  encoding: string;
  /** Response body bytes on the wire (compressed when the server compressed it). */
  transferBytes: number;
  /** Decoded body bytes. */
  rawBytes: number;
  gzipBytes: number;
}

export interface LoginRouteReport {
  url: string;
  files: ScriptFile[];
  totalTransferBytes: number;
  totalRawBytes: number;
  totalGzipBytes: number;
  targetBytes: number;
  pass: boolean;
  /** Every request the page made until the network was idle, in order. */
  requests: { type: string; path: string }[];
}

async function describe(response: Response): Promise<ScriptFile> {
  const body = await response.body();
  const sizes = await response.request().sizes();
  const url = new URL(response.url());
  return {
    path: url.pathname,
    status: response.status(),
    encoding: (await response.headerValue('content-encoding')) ?? 'identity',
    transferBytes: sizes.responseBodySize,
    rawBytes: body.byteLength,
    gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).byteLength,
  };
}

export async function measureLoginRoute(browser: Browser, baseUrl: string): Promise<LoginRouteReport> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const scripts: Promise<ScriptFile>[] = [];
    const requests: LoginRouteReport['requests'] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      requests.push({ type: request.resourceType(), path: url.pathname + url.search });
    });
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(describe(response));
    });
    const url = baseUrl + LOGIN_PATH;
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = (await Promise.all(scripts)).sort((a, b) => b.gzipBytes - a.gzipBytes);
    const sum = (pick: (file: ScriptFile) => number) => files.reduce((total, file) => total + pick(file), 0);
    const totalGzipBytes = sum((file) => file.gzipBytes);
    return {
      url,
      files,
      totalTransferBytes: sum((file) => file.transferBytes),
      totalRawBytes: sum((file) => file.rawBytes),
      totalGzipBytes,
      targetBytes: TARGETS.loginGzipBytes,
      pass: files.length > 0 && totalGzipBytes <= TARGETS.loginGzipBytes,
      requests,
    };
  } finally {
    await context.close();
  }
}
