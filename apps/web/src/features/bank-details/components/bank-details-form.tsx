import {
  bankDetailsChangeSchema,
  ibanEnd,
  PAYMENT_MODE_LABELS,
  type BankDetails,
  type BankDetailsChange,
  type BankDetailsChangeValues,
  type BankDetailsSaved,
  type SepaMandate,
} from '@ecare/shared/bank-details';
import { OPERATOR_COMPANY } from '@ecare/shared/legal';
import { useState } from 'react';
import { useFormState } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useSaveBankDetails } from '../api/save-bank-details.ts';
import { PAYMENT_MODE_OPTIONS } from '../utils/bank-details-labels.ts';
import { IbanField } from './iban-field.tsx';

interface BankDetailsFormProps {
  idClientBscs: number;
  details: BankDetails;
  /** The mandate in force, which a save revokes. */
  mandate: SepaMandate | null;
}

/** The form starts from what is on file; the IBAN, never shown whole, is typed again. */
const valuesOf = (details: BankDetails): BankDetailsChange => ({
  titulaire: details.titulaire ?? '',
  iban: '',
  bic: details.bic ?? '',
  modePaiement: details.modePaiement,
});

function savedText(answer: BankDetailsSaved): string {
  const told = 'Les gestionnaires du compte en ont été informés par e-mail.';
  return answer.mandat
    ? `Vos coordonnées bancaires ont été enregistrées. Le nouveau mandat de prélèvement SEPA porte la référence ${answer.mandat.rum}. ${told}`
    : `Vos coordonnées bancaires ont été enregistrées. ${told}`;
}

/** What the confirmation says: the debit authorised, the mandate revoked, the managers told. */
function ConfirmationText({ change, mandate }: { change: BankDetailsChangeValues; mandate: SepaMandate | null }) {
  const end = ibanEnd(change.iban);
  if (change.modePaiement === 'PRELEVEMENT') {
    return (
      <>
        <p>
          Les factures du compte seront prélevées sur le compte de <strong>{change.titulaire}</strong>, IBAN se terminant par{' '}
          <strong>{end}</strong>.
        </p>
        <p>
          {mandate
            ? `Le mandat en vigueur (RUM ${mandate.rum}) sera révoqué et remplacé par un nouveau mandat de prélèvement SEPA interentreprises.`
            : 'Un mandat de prélèvement SEPA interentreprises sera établi avec ces coordonnées.'}{' '}
          En confirmant, vous autorisez {OPERATOR_COMPANY.denomination} à envoyer des instructions à votre banque pour débiter ce compte,
          et votre banque à le débiter conformément à ces instructions.
        </p>
        <p>Les gestionnaires du compte en seront informés par e-mail.</p>
      </>
    );
  }
  return (
    <>
      <p>
        Le compte de <strong>{change.titulaire}</strong>, IBAN se terminant par <strong>{end}</strong>, sera enregistré ; mode de
        paiement&nbsp;: {PAYMENT_MODE_LABELS[change.modePaiement ?? 'VIREMENT']}.
      </p>
      {mandate ? <p>{`Le mandat de prélèvement en vigueur (RUM ${mandate.rum}) sera révoqué : les factures ne seront plus prélevées.`}</p> : null}
      <p>Les gestionnaires du compte en seront informés par e-mail.</p>
    </>
  );
}

/**
 * New bank details and payment mode: checked as the API checks them (IBAN and BIC by country,
 * length and keys), confirmed in a dialog since they revoke the mandate in force, then saved.
 */
export function BankDetailsForm({ idClientBscs, details, mandate }: BankDetailsFormProps) {
  const form = useZodForm(bankDetailsChangeSchema, { defaultValues: valuesOf(details) });
  const save = useSaveBankDetails(idClientBscs);
  const confirmation = useConfirmation();
  const [asked, setAsked] = useState<BankDetailsChangeValues | null>(null);
  const [saved, setSaved] = useState<BankDetailsSaved | null>(null);
  // The confirmation speaks of the values saved: a change since hides it.
  const { isDirty } = useFormState({ control: form.control });

  return (
    <>
      <Form
        form={form}
        className="space-y-5"
        onSubmit={async (values) => {
          setSaved(null);
          setAsked(values);
          if (!(await confirmation.ask())) return;
          try {
            const answer = await save.mutateAsync(values);
            form.reset(valuesOf(answer));
            setSaved(answer);
          } finally {
            confirmation.close();
          }
        }}
      >
        <RadioGroupField<BankDetailsChange> name="modePaiement" label="Mode de paiement des factures" required options={PAYMENT_MODE_OPTIONS} />
        <TextField<BankDetailsChange>
          name="titulaire"
          label="Titulaire du compte"
          required
          help="Tel qu’il figure sur le relevé d’identité bancaire (RIB), 70 caractères au plus."
          autoComplete="off"
          inputClassName="max-w-md"
        />
        <IbanField<BankDetailsChange>
          name="iban"
          label="IBAN"
          required
          help="27 caractères pour un compte ouvert en France, commençant par FR ; avec ou sans espaces."
        />
        <TextField<BankDetailsChange>
          name="bic"
          label="BIC"
          required
          help="8 ou 11 caractères (code BIC ou SWIFT de la banque), sur le même RIB."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputClassName="max-w-xs font-mono uppercase"
        />
        <FormAlert />
        <div role="status">
          {saved && !isDirty ? (
            <Alert tone="success" live={false}>
              {savedText(saved)}
            </Alert>
          ) : null}
        </div>
        <SubmitButton>Valider</SubmitButton>
      </Form>
      <ConfirmDialog
        confirmation={confirmation}
        title={asked?.modePaiement === 'PRELEVEMENT' ? 'Signer un nouveau mandat de prélèvement\u00a0?' : 'Enregistrer ces coordonnées bancaires\u00a0?'}
        confirmLabel={asked?.modePaiement === 'PRELEVEMENT' ? 'Signer le mandat' : 'Enregistrer'}
        isPending={save.isPending}
      >
        {asked ? <ConfirmationText change={asked} mandate={mandate} /> : null}
      </ConfirmDialog>
    </>
  );
}
