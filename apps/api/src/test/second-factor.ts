import type { LightMyRequestResponse } from 'fastify';
import { MFA_TOKEN_HEADER, mfaRequiredSchema, totpEnrolmentSchema } from '@ecare/shared';
import type { ManualClock } from '../lib/clock.ts';
import { stepAt, totpCodeAt } from '../modules/security/totp.ts';

const STEP_MS = 30_000;

interface SignInContext {
  send(method: 'POST', url: string, options: { form?: Record<string, string>; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  clock: ManualClock;
  /** The apps enrolled so far in this context, by e-mail, with the last step whose code was used. */
  apps: Map<string, { secret: string; lastStep: number }>;
}

/**
 * The tests' sign-in goes through the second step as a person does (decision 057): a user who must
 * have a second factor (administration) enrols an authenticator app at their first sign-in, and
 * types its code at the next ones. A code is never replayed: when this step's code was used, the
 * test clock moves to the next step, as the person would wait for the next code.
 */
export async function signInWithSecondFactor(context: SignInContext, email: string, first: LightMyRequestResponse): Promise<LightMyRequestResponse> {
  const parsed = mfaRequiredSchema.safeParse(first.json());
  if (!parsed.success) return first;
  const challenge = parsed.data;
  let known = context.apps.get(email);
  if (challenge.inscriptionRequise) {
    const enrolment = await context.send('POST', '/api/securite/totp/inscription', { headers: { [MFA_TOKEN_HEADER]: challenge.mfa_token } });
    if (enrolment.statusCode !== 200) return enrolment;
    known = { secret: totpEnrolmentSchema.parse(enrolment.json()).secret, lastStep: -1 };
    context.apps.set(email, known);
  }
  if (!known) return first;
  if (stepAt(context.clock.now()) <= known.lastStep) context.clock.advance(STEP_MS - (context.clock.now().getTime() % STEP_MS));
  const step = stepAt(context.clock.now());
  known.lastStep = step;
  return context.send('POST', '/api/token', { form: { grant_type: 'mfa_otp', mfa_token: challenge.mfa_token, otp: totpCodeAt(known.secret, step) } });
}
