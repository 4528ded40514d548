import { APPOINTMENT_LIMITS, type AppointmentLineType } from '@ecare/shared/appointments';
import { addDays, daysBetween, parisDay } from '@ecare/shared/paris-time';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useAppointmentSlots } from '../api/get-appointment-slots.ts';
import { dayLabels } from '../utils/appointment-format.ts';
import type { SlotFormValues } from '../utils/appointment-forms.ts';

const WEEK = 7;

/** The first day and the last of the `index`-th week from today, within the horizon. */
function weekWindow(today: string, index: number): { du: string; au: string } {
  const du = addDays(today, index * WEEK);
  const last = addDays(today, APPOINTMENT_LIMITS.horizonDays);
  const au = addDays(du, WEEK - 1);
  return { du, au: au > last ? last : au };
}

const slotCount = (count: number) => (count === 1 ? '1 créneau libre' : `${count} créneaux libres`);

/**
 * The day and the slot, inside a booking or moving form: a week of days as one radio group
 * (closed and full days disabled, with why), then the chosen day's free slots as another, laid
 * out as a grid. Weeks go forward up to the booking horizon.
 */
export function SlotChoice({ typeLigne, idContrat }: { typeLigne: AppointmentLineType; idContrat: number }) {
  const [today] = useState(() => parisDay(new Date()));
  const [week, setWeek] = useState(0);
  const range = weekWindow(today, week);
  const slots = useAppointmentSlots({ typeLigne, idContrat, ...range });
  const { setValue, control } = useFormContext<SlotFormValues>();
  const jour = useWatch({ control, name: 'jour' });
  const debut = useWatch({ control, name: 'debut' });
  const jours = slots.data && slots.data.du === range.du ? slots.data.jours : null;

  // A new week, or slots read again, opens on its first day with a free slot; a chosen slot no longer free is dropped.
  useEffect(() => {
    if (!jours) return;
    const chosen = jours.find((day) => day.date === jour);
    if (!chosen || chosen.creneaux.length === 0) {
      const first = jours.find((day) => day.creneaux.length > 0);
      setValue('jour', first?.date ?? '');
      setValue('debut', '');
    } else if (debut && !chosen.creneaux.some((slot) => slot.debut === debut)) {
      setValue('debut', '');
    }
  }, [jours, jour, debut, setValue]);

  const chosenDay = jours?.find((day) => day.date === jour);
  const first = dayLabels(range.du).full;
  const last = dayLabels(range.au).full;

  return (
    <fieldset className="space-y-4">
      <legend className="field-label">Jour et heure du rendez-vous (heure de Paris)</legend>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary" disabled={week === 0} onClick={() => setWeek(week - 1)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Semaine précédente
        </button>
        <p aria-live="polite" className="text-sm font-semibold">
          Du {first} au {last}
        </p>
        <button
          type="button"
          className="btn-secondary"
          disabled={daysBetween(today, range.au) >= APPOINTMENT_LIMITS.horizonDays}
          onClick={() => setWeek(week + 1)}
        >
          Semaine suivante
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
      {slots.error && !jours ? <ReadFailed error={slots.error} onRetry={() => void slots.refetch()} pending={slots.isFetching} /> : null}
      {!jours && !slots.error ? <WaitingText>Recherche des créneaux libres…</WaitingText> : null}
      {jours ? (
        <>
          <RadioGroupField<SlotFormValues>
            name="jour"
            label="Jour"
            required
            orientation="horizontal"
            options={jours.map((day) => ({
              value: day.date,
              label: dayLabels(day.date).short,
              description: day.ferme ? `Fermé (${day.ferme.libelle})` : day.creneaux.length === 0 ? 'Complet' : slotCount(day.creneaux.length),
              isDisabled: day.creneaux.length === 0,
            }))}
          />
          {jours.every((day) => day.creneaux.length === 0) ? (
            <p className="text-muted">Aucun créneau libre cette semaine-là : voyez la semaine suivante.</p>
          ) : chosenDay ? (
            <RadioGroupField<SlotFormValues>
              name="debut"
              label={`Heure, ${dayLabels(chosenDay.date).full}`}
              required
              orientation="horizontal"
              options={chosenDay.creneaux.map((slot) => ({ value: slot.debut, label: slot.heure }))}
            />
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
