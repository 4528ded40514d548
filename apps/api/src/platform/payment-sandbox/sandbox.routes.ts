import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Limits } from '../../lib/limits.ts';
import { checkCard, THREE_D_SECURE_CODE } from './sandbox-cards.ts';
import { newEventId } from './sandbox-notification.ts';
import type { SandboxNotifier } from './sandbox-notifier.ts';
import { challengePage, decidedPage, paymentPage, SANDBOX_BASE, STYLESHEET_PATH, unavailablePage } from './sandbox-pages.ts';
import type { Outcome, SandboxSessions } from './sandbox-sessions.ts';
import type { SandboxSession, SandboxTokenCodec } from './sandbox-token.ts';

const HTML = 'text/html; charset=utf-8';

/**
 * Cards typed: per payment page (then the bank refuses the payment, as a card blocked after
 * repeated failures) and per client address over all pages (then the page says to wait).
 */
export const CARD_ATTEMPTS = {
  perSession: 5,
  perAddress: { max: 20, windowMs: 10 * 60_000 },
} as const;

export interface SandboxRouteDeps {
  brand: string;
  publicUrl: string;
  stylesheet: string;
  codec: SandboxTokenCodec;
  sessions: SandboxSessions;
  notifier: SandboxNotifier;
  clock: Clock;
  limits: Limits;
  /**
   * Whether the portal still waits for the payment of this transaction. The sandbox stands beside
   * the portal and reads it there: its own memory of the pages is lost on a restart on PGlite.
   */
  transactionWaiting: (transactionReference: string) => Promise<boolean>;
}

const tokenParams = z.object({ token: z.string().max(200) });
const text = z.string().max(100).optional();
const cardBody = z.object({ numero: text, expiration: text, cryptogramme: text }).optional();
const codeBody = z.object({ code: text }).optional();

/** No page of a payment is kept by a cache, nor shown again from one by the back button. */
const page = (reply: FastifyReply, status: number, html: string) => reply.status(status).header('Cache-Control', 'no-store').type(HTML).send(html);

/**
 * The sandbox's hosted pages (decision 027). They are the provider's, not the portal's API: no
 * session, no XSRF pair (a provider's page is on its own site), forms posted to themselves. A
 * decision is taken once per page, sent to the portal signed, and the browser is sent back to
 * the portal's return page; the card number goes nowhere else.
 */
export async function sandboxRoutes(app: ModuleApp, deps: SandboxRouteDeps) {
  const { brand, publicUrl, codec, sessions, notifier, clock, limits, transactionWaiting } = deps;
  const returnUrl = (reference: string) => `${publicUrl}/ecare/mon-compte/paiement/retour?transactionReference=${encodeURIComponent(reference)}`;
  const portalPaymentPage = `${publicUrl}/ecare/mon-compte/paiement`;

  async function decide(session: SandboxSession, outcome: Outcome): Promise<void> {
    // Taken once, whichever instance serves the submit: a second submit of the page finds it taken.
    if (!(await sessions.decide(session.transactionReference, outcome, session.expiresAt, clock.now()))) return;
    await notifier.notify({
      eventId: newEventId(),
      transactionReference: session.transactionReference,
      outcome,
      montantCentimes: session.montantCentimes,
    });
  }

  /** The session a page's address names, or the page saying why there is none (an expired one is cancelled). */
  async function opened(token: string, reply: FastifyReply): Promise<SandboxSession | null> {
    const result = codec.open(token, clock.now());
    if (result.status === 'invalid') {
      await page(reply, 404, unavailablePage('invalid', portalPaymentPage));
      return null;
    }
    if (result.status === 'expired') {
      await decide(result.session, 'CANCELLED');
      await page(reply, 410, unavailablePage('expired', returnUrl(result.session.transactionReference)));
      return null;
    }
    return result.session;
  }

  const backToPortal = (reply: FastifyReply, session: SandboxSession) => reply.header('Cache-Control', 'no-store').redirect(returnUrl(session.transactionReference), 303);

  const phaseOf = (session: SandboxSession) => sessions.phase(session.transactionReference, session.expiresAt, clock.now());

  /**
   * A card is never taken for a transaction the portal no longer waits for (given up for a newer
   * payment, settled): checked last before a card is decided on, and when the page is shown. The
   * page says so, and sends nothing to the portal (nothing happened); true when it answered. A
   * page decided meanwhile (its own card submitted twice, or stopped for a newer payment) is the
   * reason the portal stopped waiting: `decided` answers it as such.
   */
  async function refusedAsGivenUp(session: SandboxSession, reply: FastifyReply, decided: (outcome: Outcome) => Promise<unknown>): Promise<boolean> {
    if (await transactionWaiting(session.transactionReference)) return false;
    const phase = await phaseOf(session);
    if (phase.phase === 'DECIDEE') await decided(phase.outcome);
    else await page(reply, 409, unavailablePage('given-up', returnUrl(session.transactionReference)));
    return true;
  }

  app.get(STYLESHEET_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/css; charset=utf-8').send(deps.stylesheet),
  );

  app.get(`${SANDBOX_BASE}/:token`, { schema: { hide: true, params: tokenParams } }, async (request, reply) => {
    const session = await opened(request.params.token, reply);
    if (!session) return reply;
    const phase = await phaseOf(session);
    const { token } = request.params;
    const showDecided = async (outcome: Outcome) => page(reply, 200, decidedPage({ brand, session, outcome, returnUrl: returnUrl(session.transactionReference) }));
    if (phase.phase === 'DECIDEE') return showDecided(phase.outcome);
    if (await refusedAsGivenUp(session, reply, showDecided)) return reply;
    if (phase.phase === 'CHALLENGE') return page(reply, 200, challengePage({ brand, session, token }));
    return page(reply, 200, paymentPage({ brand, session, token }));
  });

  app.post(
    `${SANDBOX_BASE}/:token`,
    { config: { xsrf: false }, schema: { hide: true, params: tokenParams, body: cardBody } },
    async (request, reply) => {
      const session = await opened(request.params.token, reply);
      if (!session) return reply;
      const { token } = request.params;
      const phase = await phaseOf(session);
      if (phase.phase === 'DECIDEE') return backToPortal(reply, session);
      const verdict = await limits.quota(`sandbox-card:${request.ip}`, CARD_ATTEMPTS.perAddress.max, CARD_ATTEMPTS.perAddress.windowMs);
      if (!verdict.allowed) {
        reply.header('Retry-After', String(verdict.retryAfterSeconds));
        return page(reply, 429, unavailablePage('too-many', returnUrl(session.transactionReference)));
      }
      if ((await sessions.cardAttempt(session.transactionReference, session.expiresAt, clock.now())) > CARD_ATTEMPTS.perSession) {
        await decide(session, 'REFUSED');
        return backToPortal(reply, session);
      }
      const form = { numero: request.body?.numero ?? '', expiration: request.body?.expiration ?? '', cryptogramme: request.body?.cryptogramme ?? '' };
      const card = checkCard(form, clock.now());
      if (!card.ok) {
        return page(reply, 400, paymentPage({ brand, session, token, values: { numero: form.numero, expiration: form.expiration }, errors: card.errors }));
      }
      if (await refusedAsGivenUp(session, reply, async () => backToPortal(reply, session))) return reply;
      if (card.behaviour === 'CHALLENGE') {
        if (!(await sessions.challenge(session.transactionReference, session.expiresAt, clock.now()))) return backToPortal(reply, session);
        return page(reply, 200, challengePage({ brand, session, token }));
      }
      await decide(session, card.behaviour);
      return backToPortal(reply, session);
    },
  );

  app.post(
    `${SANDBOX_BASE}/:token/3ds`,
    { config: { xsrf: false }, schema: { hide: true, params: tokenParams, body: codeBody } },
    async (request, reply) => {
      const session = await opened(request.params.token, reply);
      if (!session) return reply;
      const { token } = request.params;
      const phase = await phaseOf(session);
      if (phase.phase === 'DECIDEE') return backToPortal(reply, session);
      if (phase.phase === 'CARTE') {
        // No code was asked on this page (or a restart of the one process on PGlite forgot it): the card is asked again.
        const errors = { numero: 'La confirmation 3-D Secure a expiré : saisissez de nouveau votre carte.' };
        return page(reply, 409, paymentPage({ brand, session, token, errors }));
      }
      const code = (request.body?.code ?? '').trim();
      if (code === '') return page(reply, 400, challengePage({ brand, session, token, error: 'Saisissez le code de confirmation reçu par SMS.' }));
      if (await refusedAsGivenUp(session, reply, async () => backToPortal(reply, session))) return reply;
      await decide(session, code === THREE_D_SECURE_CODE ? 'ACCEPTED' : 'REFUSED');
      return backToPortal(reply, session);
    },
  );

  app.post(`${SANDBOX_BASE}/:token/annuler`, { config: { xsrf: false }, schema: { hide: true, params: tokenParams } }, async (request, reply) => {
    const session = await opened(request.params.token, reply);
    if (!session) return reply;
    await decide(session, 'CANCELLED');
    return backToPortal(reply, session);
  });
}
