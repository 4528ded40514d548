import type { Appointment } from '@ecare/shared/appointments';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useMoveAppointment } from '../api/move-appointment.ts';
import { appointmentWhen } from '../utils/appointment-format.ts';
import { moveFormSchema, type MoveFormValues } from '../utils/appointment-forms.ts';
import { SlotChoice } from './slot-choice.tsx';

const ERROR_FIELDS: ApiErrorFields<MoveFormValues> = {
  APPOINTMENT_SLOT_TAKEN: 'debut',
  APPOINTMENT_SLOT_PAST: 'debut',
  APPOINTMENT_SLOT_INVALID: 'debut',
  APPOINTMENT_SLOT_TOO_FAR: 'debut',
  APPOINTMENT_SAME_SLOT: 'debut',
};

interface MoveAppointmentFormProps {
  appointment: Appointment;
  onMoved: (appointment: Appointment) => void;
  onCancel: () => void;
}

/** Another slot for an appointment to come. */
export function MoveAppointmentForm({ appointment, onMoved, onCancel }: MoveAppointmentFormProps) {
  const form = useZodForm(moveFormSchema, { defaultValues: { jour: '', debut: '' } });
  const move = useMoveAppointment();
  return (
    <Form
      form={form}
      errorFields={ERROR_FIELDS}
      className="space-y-6"
      onSubmit={async (values) => onMoved(await move.mutateAsync({ idRdv: appointment.idRdv, debut: values.debut }))}
    >
      <p>
        Rendez-vous actuel&nbsp;: <strong>{appointmentWhen(appointment.debut)}</strong>. Choisissez le nouveau créneau.
      </p>
      <SlotChoice typeLigne={appointment.typeLigne} idContrat={appointment.idContrat} />
      <FormAlert />
      <div className="flex flex-wrap gap-3">
        <SubmitButton>Déplacer le rendez-vous</SubmitButton>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Garder l’horaire actuel
        </button>
      </div>
    </Form>
  );
}
