import { LIMITS } from '../../lib/limits.ts';

const DAY = 24 * 3_600_000;

/**
 * The longest window of any rate-limit counter. A counter row does not record its window, so
 * one is only known to have ended once the longest window has passed since it started; every
 * duration of LIMITS counts (the shorter ones do no harm), and the per-address counters use a
 * minute.
 */
const LONGEST_COUNTER_WINDOW_MS = Math.max(
  60_000,
  ...Object.entries(LIMITS)
    .filter(([name]) => name.endsWith('Ms'))
    .map(([, value]) => value),
);

/** How long a row is kept once it has done its job, by kind. */
export const RETENTION = {
  /** After a session expired or was revoked: enough to look into a recent sign-in. */
  sessionsMs: 7 * DAY,
  /** After an e-mailed link (forgotten code, e-mail change, login unlock) was used or expired. */
  linksMs: 30 * DAY,
  /**
   * After a user last signed in from a device and browser: one not seen for this long is new
   * again (the new-device mail, decision 055), so its row says nothing more (decision 058).
   */
  knownDevicesMs: 90 * DAY,
  /** After a sign-in's second step (`mfa_token`) expired or was used: it can serve no more (decision 058). */
  mfaChallengesMs: DAY,
  /** After a rate-limit counter's window started: by then it has ended. */
  countersMs: LONGEST_COUNTER_WINDOW_MS,
  /** After a mail was sent (the development mailbox lists the same rows). */
  sentMailsMs: 30 * DAY,
  /** After a mail that was never sent was created: kept longer to find out why. */
  unsentMailsMs: 90 * DAY,
  /** After an audited action: the year the privacy page states (pages/donnees-personnelles). */
  auditMs: 365 * DAY,
  /** Billing periods of usage kept before the current one: a year of traffic data, as that page states. */
  usagePeriods: 12,
  /**
   * After a FAQ vote: a vote only stops its session or browser from voting twice on a question,
   * and no session lasts this long (decision 023). The question's counts are kept apart.
   */
  faqVotesMs: 30 * DAY,
  /**
   * A contact-form attachment's file, after its ticket was resolved (its last change while
   * "Traitée"): a year, the time a customer has to dispute a telecom charge (CPCE art. L34-2),
   * which many tickets are about (decision 030).
   */
  supportAttachmentResolvedMs: 365 * DAY,
  /** A contact-form attachment's file, whatever its ticket's status, after the ticket was sent. */
  supportAttachmentMaxMs: 2 * 365 * DAY,
  /**
   * An uploaded file no row names yet (`.part`, or kept without its row), after it was last
   * written: an upload in progress is named by its row within seconds of its last byte, so one
   * this old was stopped (the process killed, the transaction rolled back).
   */
  unclaimedFilesMs: 3_600_000,
} as const;

/** Rows deleted per statement: small enough that no statement holds its locks for long. */
export const CLEANUP_BATCH_SIZE = 500;

/** Statements per kind and run at most; a larger backlog is finished by the next runs. */
export const CLEANUP_MAX_BATCHES = 200;
