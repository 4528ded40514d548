import { APPOINTMENT_MOTIFS, type Appointment } from '@ecare/shared/appointments';
import { formatPhone } from '@ecare/shared/phone';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { useCancelAppointment } from '../api/cancel-appointment.ts';
import { appointmentWhen } from '../utils/appointment-format.ts';

interface AppointmentListProps {
  appointments: readonly Appointment[];
  /** The appointment being moved, if any: its "Déplacer" button is pressed. */
  movingId: number | null;
  onMove: (appointment: Appointment) => void;
  onCancelled: (appointment: Appointment) => void;
}

/** The line's appointments to come, each with its move and cancel buttons (cancelling asks first). */
export function AppointmentList({ appointments, movingId, onMove, onCancelled }: AppointmentListProps) {
  const cancel = useCancelAppointment();
  const confirmation = useConfirmation();
  const [target, setTarget] = useState<Appointment | null>(null);

  const startCancel = async (appointment: Appointment) => {
    if (cancel.isPending || confirmation.isOpen) return;
    cancel.reset();
    setTarget(appointment);
    if (!(await confirmation.ask())) return;
    try {
      onCancelled(await cancel.mutateAsync(appointment.idRdv));
    } catch {
      // Said below the list (cancel.error).
    } finally {
      confirmation.close();
    }
  };

  if (appointments.length === 0) return <p className="text-muted">Aucun rendez-vous à venir pour cette ligne.</p>;
  return (
    <>
      <ul className="space-y-3">
        {appointments.map((appointment) => (
          <li key={appointment.idRdv} className="card flex flex-wrap items-start gap-4">
            <CalendarClock aria-hidden="true" className="size-6 shrink-0 text-primary" />
            <div className="min-w-60 flex-1">
              <p className="font-bold">{appointmentWhen(appointment.debut)}</p>
              <p>{APPOINTMENT_MOTIFS[appointment.motif]}</p>
              <p className="text-sm text-muted">
                Appel au {formatPhone(appointment.telephone)}
                {appointment.priseParVous ? '' : ' · pris par un autre utilisateur du compte'}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-secondary"
                aria-pressed={movingId === appointment.idRdv}
                onClick={() => onMove(appointment)}
                aria-label={`Déplacer le rendez-vous du ${appointmentWhen(appointment.debut)}`}
              >
                Déplacer
              </button>
              <button
                type="button"
                className="btn-secondary"
                onClick={() => void startCancel(appointment)}
                aria-label={`Annuler le rendez-vous du ${appointmentWhen(appointment.debut)}`}
              >
                Annuler
              </button>
            </div>
          </li>
        ))}
      </ul>
      {cancel.error ? <ApiErrorAlert error={cancel.error} /> : null}
      <ConfirmDialog confirmation={confirmation} title="Annuler ce rendez-vous ?" confirmLabel="Annuler le rendez-vous" isPending={cancel.isPending}>
        <p>{target ? `Le rendez-vous du ${appointmentWhen(target.debut)} sera annulé et son créneau libéré.` : 'Le rendez-vous sera annulé.'}</p>
        <p>Un e-mail vous confirmera l’annulation.</p>
      </ConfirmDialog>
    </>
  );
}
