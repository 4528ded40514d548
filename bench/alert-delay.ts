import { post } from './usage-feed-http.ts';
import { percentile } from './stats.ts';
import type { RunningServer } from './servers.ts';

export interface AlertDelayFigure {
  status: 'measured' | 'n/a' | 'failed';
  note?: string;
  samples?: number;
  p50Ms?: number;
  p95Ms?: number;
}

/** A line the alert delay is measured on, and who its alert e-mail goes to. */
export interface AlertTarget {
  numeroLigne: string;
  recipient: string;
}

/** The newest outbox e-mail's id for `recipient`, through the development mailbox (DEV_TOOLS=true, loopback). */
async function newestMailId(server: RunningServer, recipient: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/dev/mails`, { signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) throw new Error(`GET /api/dev/mails answered ${response.status}`);
  const mails = (await response.json()) as { id: number; destinataire: string }[];
  return Math.max(0, ...mails.filter((mail) => mail.destinataire === recipient).map((mail) => mail.id));
}

/**
 * The p95 delay from the POST of a record that crosses a threshold to a row of the e-mail outbox
 * (email_outbox) addressed to the line's account manager, measured while `load` (the ingestion)
 * runs: one crossing per target line every 2.5 s, until the load ends. The record costs
 * 50 € HT out of bundle, the default threshold of every account (decision 047); the line had
 * none in the period, so this record is the one that crosses.
 */
export async function measureAlertDelay(server: RunningServer, load: Promise<unknown>, targets: readonly AlertTarget[]): Promise<AlertDelayFigure> {
  let loading = true;
  void load.finally(() => (loading = false));
  /** One crossing, timed until its line's manager has a new e-mail; null when the load had ended before it was sent. */
  async function cross(target: AlertTarget, afterMs: number): Promise<number | null> {
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    if (!loading) return null;
    const before = await newestMailId(server, target.recipient);
    const record = { idEvenement: `bench-crossing-${target.numeroLigne}-${Date.now()}`, numeroLigne: target.numeroLigne, horodatage: new Date().toISOString(), type: 'SMS', zone: 'FRANCE', volume: 1, montantHorsForfaitCentimes: 5_000 };
    const started = performance.now();
    await post(server, JSON.stringify({ evenements: [record] }));
    for (;;) {
      if ((await newestMailId(server, target.recipient)) > before) return performance.now() - started;
      if (performance.now() - started > 300_000) throw new Error(`no e-mail to ${target.recipient} within 300 s of crossing ${target.numeroLigne}'s threshold`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  // A crossing every CROSSING_EVERY_MS while the load runs, each timed on its own: a backlog of
  // evaluations shows in every one that waits behind it.
  const measured = await Promise.all(targets.map((target, index) => cross(target, 2_000 + index * CROSSING_EVERY_MS)));
  const delays = measured.filter((delay): delay is number => delay !== null).sort((a, b) => a - b);
  if (delays.length === 0) return { status: 'failed', note: 'no crossing measured while the load ran' };
  return { status: 'measured', samples: delays.length, p50Ms: percentile(delays, 0.5), p95Ms: percentile(delays, 0.95) };
}

/** Time between two crossings sent during the load. */
const CROSSING_EVERY_MS = 2_500;
