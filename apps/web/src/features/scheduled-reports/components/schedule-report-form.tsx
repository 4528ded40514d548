import { REPORT_FREQUENCIES, REPORT_FREQUENCY_LABELS, REPORT_TYPE_LABELS, REPORT_TYPES, scheduledReportFormSchema, type ScheduledReportFormInput } from '@ecare/shared/scheduled-reports';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useScheduleReport } from '../api/schedule-report.ts';

const TYPE_OPTIONS = REPORT_TYPES.map((value) => ({ value, label: REPORT_TYPE_LABELS[value] }));
const FREQUENCY_OPTIONS = REPORT_FREQUENCIES.map((value) => ({ value, label: REPORT_FREQUENCY_LABELS[value] }));
const EMPTY: ScheduledReportFormInput = { type: 'FLOTTE', frequence: 'MENSUELLE', destinataires: '' };

/** Schedules a report: its content, how often, and who else receives it besides the managers. */
export function ScheduleReportForm({ idClientBscs }: { idClientBscs: number }) {
  const form = useZodForm(scheduledReportFormSchema, { defaultValues: EMPTY });
  const schedule = useScheduleReport(idClientBscs);
  const [done, setDone] = useState(false);

  return (
    <Form
      form={form}
      className="space-y-5"
      onSubmit={async (values) => {
        setDone(false);
        await schedule.mutateAsync(values);
        form.reset(EMPTY);
        setDone(true);
      }}
    >
      <RadioGroupField<ScheduledReportFormInput> name="type" label="Contenu du rapport" options={TYPE_OPTIONS} />
      <RadioGroupField<ScheduledReportFormInput> name="frequence" label="Fréquence" options={FREQUENCY_OPTIONS} />
      <TextField<ScheduledReportFormInput>
        name="destinataires"
        label="Autres destinataires (facultatif)"
        help="Les gestionnaires du compte le reçoivent toujours. Jusqu’à 10 adresses du domaine de votre entreprise, séparées par des virgules."
        type="text"
        inputMode="email"
        autoComplete="off"
      />
      <FormAlert />
      <div role="status">
        {done ? (
          <Alert tone="success" live={false}>
            Le rapport est programmé : un premier envoi part dans quelques instants, puis à chaque échéance.
          </Alert>
        ) : null}
      </div>
      <SubmitButton>Programmer le rapport</SubmitButton>
    </Form>
  );
}
