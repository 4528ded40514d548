import { INVOICE_COMPLAINT_MOTIFS, invoiceComplaintSchema, type InvoiceComplaintInput } from '@ecare/shared/invoices';
import { z } from 'zod';
import type { FieldMessages } from '../../../components/ui/form/use-zod-form.ts';

/**
 * The complaint as the API checks it (the shared motif and message rules), with its fields as the
 * form holds them: the motif chosen or not yet, the lines as the contract ids of the boxes ticked.
 */
export const complaintFormSchema = z.object({
  motif: z.enum(INVOICE_COMPLAINT_MOTIFS).nullable().pipe(invoiceComplaintSchema.shape.motif),
  message: invoiceComplaintSchema.shape.message,
  lignes: z.array(z.string()),
});
export type ComplaintFormValues = z.input<typeof complaintFormSchema>;
export type ComplaintFormOutput = z.output<typeof complaintFormSchema>;

export const COMPLAINT_MESSAGES: FieldMessages<ComplaintFormValues> = {
  motif: { invalid: 'Veuillez choisir le motif de votre réclamation.' },
};

/** What the API receives: the lines only when some are chosen. */
export function complaintOf(values: ComplaintFormOutput): InvoiceComplaintInput {
  const lignes = values.lignes.map(Number).filter((id) => Number.isInteger(id) && id > 0);
  return { motif: values.motif, message: values.message, ...(lignes.length > 0 ? { lignes } : {}) };
}
