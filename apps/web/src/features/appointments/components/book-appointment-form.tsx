import type { Appointment, AppointmentLineType } from '@ecare/shared/appointments';
import { formatPhone } from '@ecare/shared/phone';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useBookAppointment } from '../api/book-appointment.ts';
import { BOOK_MESSAGES, bookFormSchema, MOTIF_OPTIONS, type BookFormValues } from '../utils/appointment-forms.ts';
import { SlotChoice } from './slot-choice.tsx';

/** Refusals about the slot go under the slot's choice; the rest to the form's alert. */
export const SLOT_ERROR_FIELDS: ApiErrorFields<BookFormValues> = {
  APPOINTMENT_SLOT_TAKEN: 'debut',
  APPOINTMENT_SLOT_PAST: 'debut',
  APPOINTMENT_SLOT_INVALID: 'debut',
  APPOINTMENT_SLOT_TOO_FAR: 'debut',
};

interface BookAppointmentFormProps {
  typeLigne: AppointmentLineType;
  idContrat: number;
  /** The number the adviser calls unless another is given. */
  telephoneContact: string;
  onBooked: (appointment: Appointment) => void;
}

/** A new appointment for the line: when, why, and where to call. */
export function BookAppointmentForm({ typeLigne, idContrat, telephoneContact, onBooked }: BookAppointmentFormProps) {
  const form = useZodForm(bookFormSchema, {
    defaultValues: { jour: '', debut: '', motif: undefined, telephone: formatPhone(telephoneContact) },
    messages: BOOK_MESSAGES,
  });
  const book = useBookAppointment();
  return (
    <Form
      form={form}
      errorFields={SLOT_ERROR_FIELDS}
      className="space-y-6"
      onSubmit={async (values) => {
        const booked = await book.mutateAsync({ idContrat, debut: values.debut, motif: values.motif, telephone: values.telephone });
        form.reset();
        onBooked(booked);
      }}
    >
      <SlotChoice typeLigne={typeLigne} idContrat={idContrat} />
      <RadioGroupField<BookFormValues> name="motif" label="Objet du rendez-vous" required options={MOTIF_OPTIONS} />
      <TextField<BookFormValues>
        name="telephone"
        label="Numéro auquel le conseiller vous appellera"
        type="tel"
        autoComplete="tel"
        required
        help="Un numéro français à 10 chiffres, par exemple 06 12 34 56 78."
      />
      <FormAlert />
      <SubmitButton>Réserver ce créneau</SubmitButton>
    </Form>
  );
}
