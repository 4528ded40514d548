import { ADD_LINE_ERRORS } from '@ecare/shared/add-line-errors';
import {
  mobileNumberSchema,
  NUMBER_MODE_LABELS,
  NUMBER_MODES,
  portingDateVerdict,
  rioMatchesNumber,
  rioSchema,
  type Cart,
  type CartLine,
} from '@ecare/shared/add-line';
import { parisDay, frenchDay } from '@ecare/shared/paris-time';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { CheckboxField } from '../../../components/ui/form/checkbox-field.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useChooseNewNumber } from '../api/choose-new-number.ts';
import { usePortingWindow } from '../api/get-porting-window.ts';
import { useSaveNumberKeeping } from '../api/save-number-keeping.ts';
import { useSavePortability } from '../api/save-portability.ts';
import { formatDay } from '../utils/add-line-format.ts';

const DATE_REQUIRED = 'Indiquez la date de portabilité.';

/** The number of a line as typed; the RIO checked against the number and the porting date against the calendar, as the server does. */
function numberSchema(today: string) {
  return z
    .object({
      mode: z.enum(NUMBER_MODES),
      msisdn: z.string(),
      rio: z.string(),
      datePortage: z.string(),
      inscriptionAnnuaire: z.boolean(),
    })
    .superRefine((values, context) => {
      if (values.mode === 'NOUVEAU') return;
      const number = mobileNumberSchema.safeParse(values.msisdn);
      if (!number.success) context.addIssue({ code: 'custom', path: ['msisdn'], message: number.error.issues[0]?.message ?? '' });
      const rio = rioSchema.safeParse(values.rio);
      if (!rio.success) context.addIssue({ code: 'custom', path: ['rio'], message: rio.error.issues[0]?.message ?? '' });
      else if (number.success && !rioMatchesNumber(rio.data, number.data)) context.addIssue({ code: 'custom', path: ['rio'], message: ADD_LINE_ERRORS.ADD_LINE_RIO_INVALID.message });
      if (values.mode !== 'PORTABILITE') return;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.datePortage)) {
        context.addIssue({ code: 'custom', path: ['datePortage'], message: DATE_REQUIRED });
        return;
      }
      const verdict = portingDateVerdict(values.datePortage, today);
      if (verdict.ok) return;
      const message =
        verdict.reason === 'CLOSED'
          ? ADD_LINE_ERRORS.ADD_LINE_PORTING_DATE_CLOSED.message({ libelle: verdict.libelle })
          : verdict.reason === 'TOO_SOON'
            ? ADD_LINE_ERRORS.ADD_LINE_PORTING_DATE_TOO_SOON.message({ date: verdict.date })
            : ADD_LINE_ERRORS.ADD_LINE_PORTING_DATE_TOO_LATE.message({ date: verdict.date });
      context.addIssue({ code: 'custom', path: ['datePortage'], message });
    });
}
type Values = z.input<ReturnType<typeof numberSchema>>;

const ERROR_FIELDS: ApiErrorFields<Values> = {
  ADD_LINE_RIO_INVALID: 'rio',
  ADD_LINE_NUMBER_IN_USE: 'msisdn',
  ADD_LINE_PORTING_DATE_TOO_SOON: 'datePortage',
  ADD_LINE_PORTING_DATE_TOO_LATE: 'datePortage',
  ADD_LINE_PORTING_DATE_CLOSED: 'datePortage',
  ADD_LINE_PORTABILITY_SINGLE: 'mode',
};

const MODE_DESCRIPTIONS = {
  NOUVEAU: 'Un numéro en 07 vous est attribué à la validation de la commande.',
  PORTABILITE: 'Vous gardez le numéro d’une ligne d’un autre opérateur, qui est résiliée le jour du portage.',
  CONSERVATION: 'Vous reprenez un numéro dont vous êtes titulaire, avec son RIO.',
} as const;

interface LineNumberFormProps {
  idClientBscs: number;
  cart: Cart;
  line: CartLine;
}

/** How one line gets its number: a new one, portability (number, RIO, date) or number keeping (number, RIO, directory listing). */
export function LineNumberForm({ idClientBscs, cart, line }: LineNumberFormProps) {
  const today = parisDay(new Date());
  const portingWindow = usePortingWindow(today);
  const portability = useSavePortability(idClientBscs);
  const numberKeeping = useSaveNumberKeeping(idClientBscs);
  const newNumber = useChooseNewNumber(idClientBscs);
  const form = useZodForm(numberSchema(today), {
    defaultValues: {
      mode: line.ModeNumero,
      msisdn: line.Msisdn ?? '',
      rio: '',
      datePortage: line.DatePortage ?? '',
      inscriptionAnnuaire: line.InscriptionAnnuaire,
    },
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const single = line.Quantite === 1;
  const dates = portingWindow.data;

  return (
    <Form
      form={form}
      errorFields={ERROR_FIELDS}
      className="space-y-4"
      onSubmit={async (values) => {
        if (values.mode === 'NOUVEAU') await newNumber.mutateAsync(line.IdLigne);
        else if (values.mode === 'PORTABILITE')
          await portability.mutateAsync({
            IdSouscription: cart.IdSouscription ?? 0,
            IdLigne: line.IdLigne,
            LignePNM: { DatePortage: values.datePortage, Msisdn: values.msisdn, Rio: values.rio },
          });
        else await numberKeeping.mutateAsync({ IdLigne: line.IdLigne, Msisdn: values.msisdn, Rio: values.rio, InscriptionAnnuaire: values.inscriptionAnnuaire });
        form.reset({ ...values, rio: '' });
      }}
    >
      <RadioGroupField<Values>
        name="mode"
        label="Numéro de la ligne"
        help={single ? undefined : 'Un numéro porté ou conservé concerne une seule ligne : mettez d’abord la quantité de cette ligne à 1.'}
        options={NUMBER_MODES.map((value) => ({
          value,
          label: NUMBER_MODE_LABELS[value],
          description: MODE_DESCRIPTIONS[value],
          isDisabled: value !== 'NOUVEAU' && !single,
        }))}
      />
      {mode !== 'NOUVEAU' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<Values> name="msisdn" label="Numéro de mobile" required inputMode="tel" autoComplete="off" help="10 chiffres, commençant par 06 ou 07." />
          <TextField<Values>
            name="rio"
            label="RIO du numéro"
            required
            autoComplete="off"
            help="12 caractères, obtenus en appelant le 3179 depuis la ligne. Il est vérifié avec le numéro."
          />
          {mode === 'PORTABILITE' ? (
            <TextField<Values>
              name="datePortage"
              label="Date de portabilité"
              required
              type="date"
              min={dates?.datePortageMin}
              max={dates?.datePortageMax}
              help={
                dates
                  ? `Un jour ouvré du ${formatDay(dates.datePortageMin)} au ${formatDay(dates.datePortageMax)} (ni dimanche ni jour férié).`
                  : `Un jour ouvré, au plus tôt le premier jour ouvré après le ${frenchDay(today)}.`
              }
            />
          ) : (
            <CheckboxField<Values> name="inscriptionAnnuaire" label="Inscrire le numéro à l’annuaire" description="Sinon, le numéro est en liste rouge." />
          )}
        </div>
      ) : null}
      <FormAlert />
      <SubmitButton className="btn-secondary">Enregistrer le numéro</SubmitButton>
    </Form>
  );
}
