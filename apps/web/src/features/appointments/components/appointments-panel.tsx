import type { Appointment, AppointmentLineType } from '@ecare/shared/appointments';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useAppointmentInfos } from '../api/get-appointment-infos.ts';
import { appointmentWhen } from '../utils/appointment-format.ts';
import { AppointmentList } from './appointment-list.tsx';
import { BookAppointmentForm } from './book-appointment-form.tsx';
import { MoveAppointmentForm } from './move-appointment-form.tsx';

/**
 * The appointments of one line: those to come (move, cancel), and a new one while the line holds
 * fewer than the limit. What was just done is said in a status message.
 */
export function AppointmentsPanel({ typeLigne, idContrat }: { typeLigne: AppointmentLineType; idContrat: number }) {
  const infos = useAppointmentInfos(typeLigne, idContrat);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (infos.error) return <ReadFailed error={infos.error} onRetry={() => void infos.refetch()} pending={infos.isFetching} />;
  if (!infos.data) return <WaitingText>Chargement des rendez-vous de la ligne…</WaitingText>;
  const { rendezVous, maxRendezVous, telephoneContact } = infos.data;
  const mail = 'Un e-mail de confirmation vous a été envoyé, avec le fichier pour votre agenda.';

  return (
    <div className="space-y-8">
      {/* Always in the page, so that what is written in it is announced. */}
      <div role="status">{notice ? <Alert tone="success" live={false}>{notice}</Alert> : null}</div>
      <section aria-labelledby="rdv-a-venir" className="space-y-3">
        <h2 id="rdv-a-venir" className="text-xl font-bold text-primary-strong">
          Rendez-vous à venir
        </h2>
        <AppointmentList
          appointments={rendezVous}
          movingId={moving?.idRdv ?? null}
          onMove={(appointment) => {
            setNotice(null);
            setMoving(appointment);
          }}
          onCancelled={(appointment) => {
            if (moving?.idRdv === appointment.idRdv) setMoving(null);
            setNotice(`Le rendez-vous du ${appointmentWhen(appointment.debut)} est annulé. ${mail}`);
          }}
        />
      </section>
      <section aria-labelledby="rdv-choix" className="space-y-4">
        {moving ? (
          <>
            <h2 id="rdv-choix" className="text-xl font-bold text-primary-strong">
              Déplacer le rendez-vous
            </h2>
            <MoveAppointmentForm
              key={moving.idRdv}
              appointment={moving}
              onCancel={() => setMoving(null)}
              onMoved={(appointment) => {
                setMoving(null);
                setNotice(`Votre rendez-vous est déplacé au ${appointmentWhen(appointment.debut)}. ${mail}`);
              }}
            />
          </>
        ) : (
          <>
            <h2 id="rdv-choix" className="text-xl font-bold text-primary-strong">
              Prendre un rendez-vous
            </h2>
            {rendezVous.length >= maxRendezVous ? (
              <p>
                Cette ligne a déjà {maxRendezVous} rendez-vous à venir&nbsp;: déplacez ou annulez l’un d’eux pour en prendre un autre.
              </p>
            ) : (
              <BookAppointmentForm
                typeLigne={typeLigne}
                idContrat={idContrat}
                telephoneContact={telephoneContact}
                onBooked={(appointment) => setNotice(`Votre rendez-vous du ${appointmentWhen(appointment.debut)} est réservé. ${mail}`)}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
