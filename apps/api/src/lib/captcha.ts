import { z } from 'zod';

export interface CaptchaVerifier {
  /** Whether captcha verification is configured (reCAPTCHA secret present). */
  readonly enabled: boolean;
  verify(token: string | undefined, remoteIp: string): Promise<boolean>;
}

const siteVerifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
});

/** reCAPTCHA v3 server-side check (spec §7: action 'homepage'); off when no secret is configured. */
export function createCaptchaVerifier(options: { secret: string | undefined; verifyUrl: string; minScore: number }): CaptchaVerifier {
  const { secret } = options;
  if (!secret) return { enabled: false, verify: async () => true };
  return {
    enabled: true,
    async verify(token, remoteIp) {
      if (!token) return false;
      try {
        const response = await fetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(5_000),
        });
        const answer = siteVerifyAnswer.safeParse(await response.json());
        return (
          answer.success &&
          answer.data.success &&
          (answer.data.action === undefined || answer.data.action === 'homepage') &&
          (answer.data.score === undefined || answer.data.score >= options.minScore)
        );
      } catch {
        return false;
      }
    },
  };
}
