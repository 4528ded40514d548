import { CONTACT_LIMITS, characterCount, type ContactResponse, type ContactTheme } from '@ecare/shared/support';
import { useEffect, useMemo, useRef } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { ComboBoxField } from '../../../components/ui/form/combo-box-field.tsx';
import { useFieldId } from '../../../components/ui/form/field-ids.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FileField } from '../../../components/ui/form/file-field.tsx';
import { useContactSubThemes } from '../api/get-contact-sub-themes.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';
import { CONTACT_MESSAGES, contactFormSchema, type ContactFormValues } from '../utils/contact-form.ts';
import { UploadStatus, useUpload } from '../../../components/ui/upload.tsx';
import { ATTACHMENT_ACCEPT } from '@ecare/shared/support';

const ERROR_FIELDS: ApiErrorFields<ContactFormValues> = {
  CONTACT_THEME_UNKNOWN: 'idTheme',
  CONTACT_SUB_THEME_REQUIRED: 'idSousTheme',
  CONTACT_SUB_THEME_INVALID: 'idSousTheme',
  ATTACHMENT_TYPE: 'pieceJointe',
  ATTACHMENT_TOO_LARGE: 'pieceJointe',
  ATTACHMENT_EMPTY: 'pieceJointe',
  ATTACHMENT_TOO_MANY: 'pieceJointe',
};

const number = new Intl.NumberFormat('fr-FR');

/** The message, in a text area with its length; a longer text is kept and said to be too long. */
function MessageField() {
  const { register, control, getFieldState } = useFormContext<ContactFormValues>();
  const formState = useFormState<ContactFormValues>({ name: 'message' });
  const { error } = getFieldState('message', formState);
  const text = useWatch({ control, name: 'message' });
  const count = characterCount(typeof text === 'string' ? text.replace(/\r\n?/g, '\n') : '');
  const countId = `${useFieldId('message') ?? 'message'}-longueur`;
  return (
    <FormField
      id={useFieldId('message')}
      label="Votre message"
      required
      help={`Décrivez votre demande\u00a0: ${number.format(CONTACT_LIMITS.message)} caractères au maximum.`}
      error={error?.message}
      describedBy={countId}
    >
      {(control) => (
        <>
          <textarea {...control} {...register('message')} rows={8} className="field-input max-w-2xl" />
          <p id={countId} className={`mt-1 text-sm ${count > CONTACT_LIMITS.message ? 'font-semibold text-danger' : 'text-muted'}`}>
            {number.format(count)} / {number.format(CONTACT_LIMITS.message)} caractères
          </p>
        </>
      )}
    </FormField>
  );
}

/** The chosen theme's sub-themes, as a choice once they are known. */
function SubThemeField({ themeId }: { themeId: number | null }) {
  const subThemes = useContactSubThemes(themeId);
  if (themeId === null) return null;
  if (subThemes.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted">
        <Spinner small /> Chargement des sous-thèmes…
      </p>
    );
  }
  if (subThemes.isError) return <p className="text-danger">Les sous-thèmes n’ont pas pu être chargés. Choisissez à nouveau le thème.</p>;
  if (subThemes.data.length === 0) return null;
  return (
    <RadioGroupField<ContactFormValues>
      name="idSousTheme"
      label="Sous-thème"
      required
      options={subThemes.data.map((subTheme) => ({ value: String(subTheme.idSousTheme), label: subTheme.libelle }))}
    />
  );
}

/** The signed-in customer, who writes with the identity of their account. */
export interface ContactCustomer {
  prenom: string;
  nom: string;
  email: string;
}

interface ContactFormProps {
  themes: readonly ContactTheme[];
  /** Chosen when the form opens (`?idTheme=` of the page's address), if it is one of the themes. */
  initialThemeId: number | null;
  /** Null for a visitor, who gives their name and e-mail address. */
  customer: ContactCustomer | null;
  /** A manager's chosen billing account, named in the message. */
  account: { idClientBscs: number; label: string } | null;
  /** A captcha token for one call (a visitor's, when the captcha is on). */
  captcha?: () => Promise<string | undefined>;
  onSent: (response: ContactResponse) => void;
}

/**
 * The contact form (spec §1, §7): theme, sub-theme, subject, message, an optional attachment and
 * the sender's identity; sent as multipart with the progress of the upload, and stoppable.
 */
export function ContactForm({ themes, initialThemeId, customer, account, captcha, onSent }: ContactFormProps) {
  const visitor = customer === null;
  const schema = useMemo(() => contactFormSchema({ visitor }), [visitor]);
  const initialTheme = themes.some((theme) => theme.idTheme === initialThemeId) ? String(initialThemeId) : null;
  const form = useZodForm(schema, {
    defaultValues: {
      idTheme: initialTheme,
      idSousTheme: null,
      sousThemesProposes: false,
      objet: '',
      message: '',
      telephone: '',
      prenom: customer?.prenom ?? '',
      nom: customer?.nom ?? '',
      email: customer?.email ?? '',
      entreprise: '',
      pieceJointe: null,
    },
    messages: CONTACT_MESSAGES,
  });
  const idTheme = useWatch({ control: form.control, name: 'idTheme' });
  const themeId = typeof idTheme === 'string' && idTheme !== '' ? Number(idTheme) : null;
  const offered = (useContactSubThemes(themeId).data?.length ?? 0) > 0;
  useEffect(() => form.setValue('sousThemesProposes', offered), [form, offered]);

  // Another theme: the sub-theme chosen for the previous one no longer applies.
  const shownTheme = useRef(themeId);
  useEffect(() => {
    if (shownTheme.current === themeId) return;
    shownTheme.current = themeId;
    form.setValue('idSousTheme', null);
  }, [form, themeId]);

  const send = useSendContactMessage();
  const upload = useUpload();

  return (
    <Form
      form={form}
      errorFields={ERROR_FIELDS}
      errorSummary={'L’envoi est impossible pour l’instant. Vérifiez les champs suivants\u00a0:'}
      className="space-y-8"
      onSubmit={async (values) => {
        const response = await upload.send(
          ({ onProgress, signal }) =>
            send.mutateAsync({
              fields: {
                idTheme: String(values.idTheme),
                idSousTheme: values.idSousTheme,
                objet: values.objet,
                message: values.message,
                telephone: typeof values.telephone === 'string' ? values.telephone : undefined,
                ...(visitor ? { prenom: values.prenom, nom: values.nom, email: values.email, entreprise: values.entreprise } : {}),
              },
              attachment: values.pieceJointe ?? null,
              idClientBscs: account?.idClientBscs ?? null,
              captcha: visitor ? captcha : undefined,
              onProgress,
              signal,
            }),
          { total: values.pieceJointe?.size ?? null, stopped: 'L’envoi a été arrêté\u00a0: votre message n’est pas parti.' },
        );
        onSent(response);
      }}
    >
      <fieldset className="space-y-5">
        <legend className="mb-4 text-xl font-bold text-primary-strong">Votre demande</legend>
        <ComboBoxField<ContactFormValues>
          name="idTheme"
          label="Thème"
          required
          help="Tapez pour filtrer la liste, ou ouvrez-la avec la flèche."
          options={themes.map((theme) => ({ id: String(theme.idTheme), label: theme.libelle }))}
          emptyText="Aucun thème ne correspond"
        />
        <SubThemeField themeId={themeId} />
        <TextField<ContactFormValues>
          name="objet"
          label="Objet"
          required
          help={`Votre demande en quelques mots (${CONTACT_LIMITS.objet} caractères au maximum).`}
          inputClassName="max-w-2xl"
        />
        <MessageField />
        <FileField<ContactFormValues>
          name="pieceJointe"
          label="Pièce jointe (facultatif)"
          help={'Un seul fichier PDF, JPEG ou PNG de 5\u00a0Mo au maximum\u00a0: une facture, une photo, un constat…'}
          accept={ATTACHMENT_ACCEPT}
          removeLabel="Retirer la pièce jointe"
        />
      </fieldset>

      <fieldset className="space-y-5">
        <legend className="mb-4 text-xl font-bold text-primary-strong">Vos coordonnées</legend>
        {customer ? (
          <div className="space-y-1">
            <p>
              <span className="font-semibold">
                {customer.prenom} {customer.nom}
              </span>{' '}
              – <span className="break-all">{customer.email}</span>
            </p>
            <p className="text-sm text-muted">Les coordonnées de votre espace client&nbsp;: la réponse sera envoyée à cette adresse.</p>
            {account ? <p className="text-sm">Compte de facturation concerné&nbsp;: {account.label}</p> : null}
          </div>
        ) : (
          <>
            <TextField<ContactFormValues> name="prenom" label="Prénom" required autoComplete="given-name" inputClassName="max-w-md" />
            <TextField<ContactFormValues> name="nom" label="Nom" required autoComplete="family-name" inputClassName="max-w-md" />
            <TextField<ContactFormValues>
              name="email"
              label="Adresse e-mail"
              type="email"
              required
              autoComplete="email"
              help={'Nous vous répondrons à cette adresse\u00a0; un accusé de réception y est envoyé.'}
              inputClassName="max-w-md"
            />
            <TextField<ContactFormValues>
              name="entreprise"
              label="Entreprise (facultatif)"
              autoComplete="organization"
              inputClassName="max-w-md"
            />
          </>
        )}
        <TextField<ContactFormValues>
          name="telephone"
          label="Téléphone (facultatif)"
          type="tel"
          autoComplete="tel"
          help="Pour qu’un conseiller puisse vous rappeler si besoin."
          inputClassName="max-w-xs"
        />
      </fieldset>

      <div className="space-y-4">
        <FormAlert />
        <UploadStatus upload={upload} announcement="L’envoi de votre message a commencé." />
        <SubmitButton>Envoyer le message</SubmitButton>
      </div>
    </Form>
  );
}
