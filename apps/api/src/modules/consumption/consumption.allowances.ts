import { GAMMES, type Allowance, type Consumption } from '@ecare/shared';
import type { ConsumptionLine } from './consumption.repository.ts';

const UNLIMITED: Allowance = { illimite: true, inclus: null };
const upTo = (inclus: number): Allowance => ({ illimite: false, inclus });
const NONE = upTo(0);

/**
 * Plans that do not include calls and SMS without limit, as their catalogue descriptions say
 * (decision 019): every other mobile plan does. The offers table carries the data allowance
 * only; these two would move there with a migration of their own.
 */
const VOICE_SMS_LIMITS: Readonly<Partial<Record<number, { voix: Allowance; sms: Allowance }>>> = {
  // Forfait Voix Pro 2 h: 2 h of calls, SMS without limit.
  105: { voix: upTo(120), sms: UNLIMITED },
  // Data Pro 20 Go: a data-only SIM for a tablet or a router.
  106: { voix: NONE, sms: NONE },
};

/** What the line's plan includes each billing period. */
export function planAllowances(line: ConsumptionLine): Consumption['forfait'] {
  if (line.idGamme !== GAMMES.mobile) return { voix: NONE, sms: NONE, data: NONE };
  const { voix, sms } = VOICE_SMS_LIMITS[line.idOffreEngagement] ?? { voix: UNLIMITED, sms: UNLIMITED };
  const data = line.dataIllimitee ? UNLIMITED : upTo(line.dataMo ?? 0);
  return { voix, sms, data };
}
