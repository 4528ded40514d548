import type { FastifyInstance } from 'fastify';

/** reCAPTCHA v3 loads its script from Google and runs in a frame that styles its own badge. */
const RECAPTCHA_SOURCES = {
  script: 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/',
  frame: 'https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/',
  connect: 'https://www.google.com/recaptcha/',
};

export function contentSecurityPolicy(options: { captcha: boolean }): string {
  const extra = (sources: string) => (options.captcha ? ` ${sources}` : '');
  return [
    "default-src 'self'",
    `script-src 'self'${extra(RECAPTCHA_SOURCES.script)}`,
    // The captcha badge sets inline styles; without captcha no inline style is allowed.
    `style-src 'self'${options.captcha ? " 'unsafe-inline'" : ''}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${extra(RECAPTCHA_SOURCES.connect)}`,
    `frame-src ${options.captcha ? RECAPTCHA_SOURCES.frame : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Strict CSP on everything but the API reference page, which brings its own inline assets.
 * The reCAPTCHA origins are allowed only when a captcha secret is configured.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { captcha: boolean }): void {
  const csp = contentSecurityPolicy(options);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (!request.url.startsWith('/api/docs')) reply.header('Content-Security-Policy', csp);
  });
}
