import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPattern, isDocsPattern, routePattern } from './route-scope.ts';

/** reCAPTCHA v3 loads its script from Google and runs in a frame that styles its own badge. */
const RECAPTCHA_SOURCES = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  connect: ['https://www.google.com/recaptcha/'],
};

/** No page of the portal uses these browser features; nothing it embeds may either. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** One year; the portal's own host only (the operator's other sub-domains are not ours to pin). */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

export interface SecurityHeaderOptions {
  /** A reCAPTCHA secret is configured: its origins join the CSP. */
  captcha: boolean;
  /** Served over HTTPS (public address in https, or Secure cookies): send Strict-Transport-Security. */
  hsts: boolean;
}

export function cspDirectives(options: { captcha: boolean }): Record<string, string[]> {
  const extra = (sources: string[]) => (options.captcha ? sources : []);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...extra(RECAPTCHA_SOURCES.script)],
    // The captcha badge sets inline styles; without captcha no inline style is allowed.
    'style-src': ["'self'", ...(options.captcha ? ["'unsafe-inline'"] : [])],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...extra(RECAPTCHA_SOURCES.connect)],
    'frame-src': options.captcha ? RECAPTCHA_SOURCES.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The headers helmet would set for these options, computed once: helmet (and @fastify/helmet,
 * which rebuilds helmet's middleware on every request) is run against a recording response at
 * start-up, so each request only copies a ready-made header object.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** Every header of a page or API answer, and the variant for the API reference page (no CSP). */
export function securityHeaders(options: SecurityHeaderOptions): { strict: Record<string, string>; docs: Record<string, string> } {
  const base: HelmetOptions = {
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.hsts ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  };
  const permissions = { 'permissions-policy': PERMISSIONS_POLICY };
  return {
    strict: {
      ...helmetHeaders({ ...base, contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) } }),
      ...permissions,
    },
    docs: { ...helmetHeaders({ ...base, contentSecurityPolicy: false }), ...permissions },
  };
}

/**
 * Security headers on every answer (helmet's set with our strict CSP, HSTS over HTTPS,
 * Cross-Origin-Opener/Resource-Policy, Permissions-Policy), the API reference page excepted
 * from the CSP. API answers are personal or live data: `Cache-Control: no-store` unless the
 * route says otherwise. Set when the request arrives, so refusals by later hooks carry them
 * too; the route is the matched one, whatever spelling of its path was sent.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const { strict, docs } = securityHeaders(options);
  const api = { ...strict, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    const pattern = routePattern(request);
    reply.headers(isDocsPattern(pattern) ? docs : isApiPattern(pattern) ? api : strict);
    done();
  });
}
