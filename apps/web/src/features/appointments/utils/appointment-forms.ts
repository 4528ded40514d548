import { APPOINTMENT_MOTIFS, APPOINTMENT_MOTIF_CODES, appointmentMotifSchema, appointmentPhoneSchema } from '@ecare/shared/appointments';
import { z } from 'zod';
import type { FieldMessages } from '../../../components/ui/form/use-zod-form.ts';
import type { RadioOption } from '../../../components/ui/form/radio-group-field.tsx';

const slotFields = {
  jour: z.string().min(1, 'Veuillez choisir un jour.'),
  debut: z.string().min(1, 'Veuillez choisir un créneau.'),
};

/** Booking: a day, one of its free slots, why, and the number to call. */
export const bookFormSchema = z.object({ ...slotFields, motif: appointmentMotifSchema, telephone: appointmentPhoneSchema });
export type BookFormValues = z.input<typeof bookFormSchema>;

/** Moving: another day and slot. */
export const moveFormSchema = z.object(slotFields);
export type MoveFormValues = z.input<typeof moveFormSchema>;

/** What both forms share: the day and the slot. */
export type SlotFormValues = Pick<BookFormValues, 'jour' | 'debut'>;

export const BOOK_MESSAGES: FieldMessages<BookFormValues> = {
  motif: { invalid: 'Veuillez choisir l’objet du rendez-vous.' },
};

export const MOTIF_OPTIONS: RadioOption[] = APPOINTMENT_MOTIF_CODES.map((code) => ({ value: code, label: APPOINTMENT_MOTIFS[code] }));
