import {
  PORTING_MAX_DAYS,
  errorMessage,
  nextWorkingDay,
  portingDateVerdict,
  rioMatchesNumber,
  type Cart,
  type PortingDateResponse,
} from '@ecare/shared';
import { addDays } from '@ecare/shared/paris-time';
import { fail } from '../../lib/errors.ts';
import { type AddLineRepository, type CartLineRow, type SubscriptionRow } from './add-line.repository.ts';
import { auditView } from './add-line-lines.ts';
import { type Actor, RIO_CHECK_QUOTA, type CartContext } from './add-line-context.ts';

/** The number of each new line: a new one, a number ported (RIO and date checked) or kept. */
export function numberMethods(ctx: CartContext) {
  const { withinQuota, today, lineWrite, recordChange } = ctx;
  /** Number portability and keeping: one number, its RIO's key matching it, not already a line of the account. */
  async function assertNumber(r: AddLineRepository, cart: SubscriptionRow, line: CartLineRow, msisdn: string, rio: string): Promise<void> {
    if (line.quantite !== 1) throw fail('ADD_LINE_PORTABILITY_SINGLE');
    if (!rioMatchesNumber(rio, msisdn)) throw fail('ADD_LINE_RIO_INVALID');
    if (await r.numberTaken(cart.idClientBscs, cart.idSouscription, line.idLigne, msisdn)) throw fail('ADD_LINE_NUMBER_IN_USE');
  }

  function assertPortingDate(date: string): void {
    const verdict = portingDateVerdict(date, today());
    if (verdict.ok) return;
    if (verdict.reason === 'CLOSED') throw fail('ADD_LINE_PORTING_DATE_CLOSED', { values: { libelle: verdict.libelle } });
    const values = { date: verdict.date };
    throw fail(verdict.reason === 'TOO_SOON' ? 'ADD_LINE_PORTING_DATE_TOO_SOON' : 'ADD_LINE_PORTING_DATE_TOO_LATE', { values });
  }


  return {
    /** Spec §3 RIO validation `{ rio, numero }`: whether the RIO's key matches the number. */
    async validateRio(userId: number, rio: string, numero: string): Promise<{ valide: boolean; message: string }> {
      await withinQuota(`add-line-rio:user:${userId}`, RIO_CHECK_QUOTA);
      const valide = rioMatchesNumber(rio, numero);
      return { valide, message: valide ? '' : errorMessage('ADD_LINE_RIO_INVALID') };
    },

    /** Whether a porting date may be chosen today, with the window of dates that may. */
    portingDate(date: string): PortingDateResponse {
      const day = today();
      const window = { datePortageMin: nextWorkingDay(day), datePortageMax: addDays(day, PORTING_MAX_DAYS) };
      try {
        assertPortingDate(date);
        return { valide: true, message: '', ...window };
      } catch (error) {
        return { valide: false, message: error instanceof Error ? error.message : '', ...window };
      }
    },

    /** Spec §3 portability payload: the line takes the number on the date, RIO checked against it. */
    async setPortability(actor: Actor, input: { IdSouscription: number; IdLigne: number; LignePNM: { DatePortage: string; Msisdn: string; Rio: string } }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { line, cart }) => {
        if (cart.idSouscription !== input.IdSouscription) throw fail('FORBIDDEN_ACCOUNT');
        const { DatePortage, Msisdn, Rio } = input.LignePNM;
        await assertNumber(r, cart, line, Msisdn, Rio);
        assertPortingDate(DatePortage);
        const values = { modeNumero: 'PORTABILITE' as const, msisdn: Msisdn, rio: Rio, datePortage: DatePortage, inscriptionAnnuaire: false };
        await r.updateLine(line.idLigne, values);
        await recordChange(actor, tx, cart, 'PORTABILITE', auditView(line), auditView({ ...line, ...values }));
      });
    },

    /** Spec §3 free-number variant: the number kept (RIO checked), listed in the directory or not. */
    async setNumberKeeping(actor: Actor, input: { IdLigne: number; Msisdn: string; Rio: string; InscriptionAnnuaire: boolean }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { line, cart }) => {
        await assertNumber(r, cart, line, input.Msisdn, input.Rio);
        const values = { modeNumero: 'CONSERVATION' as const, msisdn: input.Msisdn, rio: input.Rio, datePortage: null, inscriptionAnnuaire: input.InscriptionAnnuaire };
        await r.updateLine(line.idLigne, values);
        await recordChange(actor, tx, cart, 'CONSERVATION_NUMERO', auditView(line), auditView({ ...line, ...values }));
      });
    },

    /** Back to a new number, allocated when the order is validated. */
    async setNewNumber(actor: Actor, idLigne: number): Promise<Cart> {
      return lineWrite(actor, idLigne, async (r, tx, { line, cart }) => {
        const values = { modeNumero: 'NOUVEAU' as const, msisdn: null, rio: null, datePortage: null, inscriptionAnnuaire: false };
        await r.updateLine(line.idLigne, values);
        await recordChange(actor, tx, cart, 'NOUVEAU_NUMERO', auditView(line), auditView({ ...line, ...values }));
      });
    },
  };
}
