import { adminComplaintDecisionBodySchema, COMPLAINT_DECISIONS, CREDIT_NOTE_TEXTS, type AdminComplaintDecisionBody } from '@ecare/shared/credit-notes';
import { eurosFromText } from '@ecare/shared/euros-text';
import { z } from 'zod';
import { formatEuros } from '../../../lib/money.ts';

/** Checked along with the other fields, not only once they are all valid. */
const always = { when: ({ value }: { value: unknown }) => typeof value === 'object' && value !== null };


const cents = (euros: number) => Math.round(euros * 100);

/**
 * The decision as the API checks it (the shared rules of the decision, the amount and the motif),
 * with the amount as the form holds it, typed in euros excluding VAT, and asked for only with a
 * credit note; the credit note is also held to the invoice's amount excluding VAT (`plafondHT`),
 * which the server lowers by the credit notes already issued on the invoice.
 */
export function decisionFormSchema(plafondHT: number) {
  const rules = adminComplaintDecisionBodySchema.shape;
  return z
    .object({
      // The radio group holds the chosen decision, or null before a choice: the shared rule words it.
      decision: z.enum(COMPLAINT_DECISIONS).nullable().pipe(rules.decision),
      montantHT: z.string(),
      motif: rules.motif,
    })
    .superRefine((values, ctx) => {
      if (values.decision !== 'ACCEPTEE_AVEC_AVOIR') return;
      const problem = amountProblem(values.montantHT, plafondHT);
      if (problem) ctx.addIssue({ code: 'custom', path: ['montantHT'], message: problem });
    }, always);
}

export type DecisionFormValues = z.input<ReturnType<typeof decisionFormSchema>>;
export type DecisionFormOutput = z.output<ReturnType<typeof decisionFormSchema>>;

/** What is wrong with the amount typed for a credit note, in the shared rules' words; null when nothing. */
function amountProblem(text: string, plafondHT: number): string | null {
  if (text.trim() === '') return CREDIT_NOTE_TEXTS.amountRequired;
  const euros = eurosFromText(text);
  const checked = adminComplaintDecisionBodySchema.shape.montantHT.safeParse(euros);
  if (!checked.success) return checked.error.issues[0]?.message ?? CREDIT_NOTE_TEXTS.amountCents;
  if (cents(euros) > cents(plafondHT)) return `Le montant HT de l’avoir ne peut dépasser celui de la facture\u00a0: ${formatEuros(plafondHT)} HT.`;
  return null;
}

/** What the API receives: the amount, in euros, only with a credit note. */
export function decisionOf(values: DecisionFormOutput): AdminComplaintDecisionBody {
  return {
    decision: values.decision,
    motif: values.motif,
    ...(values.decision === 'ACCEPTEE_AVEC_AVOIR' ? { montantHT: eurosFromText(values.montantHT) } : {}),
  };
}
