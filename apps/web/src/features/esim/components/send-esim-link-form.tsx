import { esimSendRequestSchema, type EsimLinkSent } from '@ecare/shared/esim';
import { formatPhone } from '@ecare/shared/phone';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm, type FieldMessages } from '../../../components/ui/form/use-zod-form.ts';
import { useSendEsimLink } from '../api/send-esim-link.ts';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

type SendValues = z.input<typeof esimSendRequestSchema>;

export const SEND_ESIM_LINK_MESSAGES: FieldMessages<SendValues> = {
  email: { required: 'Veuillez saisir l’adresse e-mail du destinataire.', invalid: 'L’adresse e-mail saisie est invalide.' },
};

const parisDateTime = parisDateTimeFormat({ dateStyle: 'long', timeStyle: 'short' });

/** When a sent link stops working, in French ("5 mars 2026 à 11:00"). */
export function formatExpiration(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : parisDateTime.format(date);
}

function SentNotice({ sent }: { sent: EsimLinkSent }) {
  const ref = useRef<HTMLDivElement>(null);
  // The confirmation dialog closes: focus goes to the outcome rather than back to the page's top.
  useEffect(() => ref.current?.focus(), [sent]);
  return (
    <div ref={ref} tabIndex={-1}>
      <Alert tone="success" live={false}>
        <p className="font-semibold">Le lien d’installation de l’eSIM a été envoyé à {sent.email}.</p>
        <p>Il est valable jusqu’au {formatExpiration(sent.expiration)}.</p>
      </Alert>
    </div>
  );
}

interface SendEsimLinkFormProps {
  idContrat: number;
  numeroLigne: string;
  /** The line user's address, proposed first; empty when none is known. */
  defaultEmail: string | null;
}

/**
 * A manager e-mails the link of the line's eSIM page to the person who will install it, after
 * confirming the address (whoever opens the link can install the line).
 */
export function SendEsimLinkForm({ idContrat, numeroLigne, defaultEmail }: SendEsimLinkFormProps) {
  const form = useZodForm(esimSendRequestSchema, { defaultValues: { email: defaultEmail ?? '' }, messages: SEND_ESIM_LINK_MESSAGES });
  const send = useSendEsimLink();
  const confirmation = useConfirmation();
  const [recipient, setRecipient] = useState('');
  const [sent, setSent] = useState<EsimLinkSent | null>(null);

  return (
    <section aria-labelledby="esim-envoi" className="card space-y-4">
      <h3 id="esim-envoi" className="text-lg font-bold text-primary-strong">
        Envoyer le lien d’installation par e-mail
      </h3>
      <p>
        La personne qui installera l’eSIM reçoit un lien personnel vers la page d’installation (QR code et codes), à ouvrir sur un
        autre écran que celui du téléphone à équiper.
      </p>
      <Form
        form={form}
        className="space-y-4"
        onSubmit={async ({ email }) => {
          setRecipient(email);
          setSent(null);
          if (!(await confirmation.ask())) return;
          try {
            setSent(await send.mutateAsync({ idContrat, email }));
          } finally {
            confirmation.close();
          }
        }}
      >
        <TextField<SendValues>
          name="email"
          label="Adresse e-mail du destinataire"
          required
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          help={defaultEmail ? 'Proposée : l’adresse de l’utilisateur de la ligne.' : undefined}
          inputClassName="max-w-md"
        />
        <FormAlert />
        <SubmitButton>Envoyer le lien</SubmitButton>
      </Form>
      <div role="status">{sent ? <SentNotice sent={sent} /> : null}</div>
      <ConfirmDialog confirmation={confirmation} title="Confirmer l’envoi du lien" confirmLabel="Envoyer" isPending={send.isPending}>
        <p>
          Le lien d’installation de l’eSIM de la ligne <strong className="whitespace-nowrap">{formatPhone(numeroLigne)}</strong> sera
          envoyé à <strong className="break-all">{recipient}</strong>.
        </p>
        <p>Toute personne qui ouvre ce lien peut installer la ligne sur un téléphone&nbsp;: vérifiez l’adresse avant de confirmer.</p>
      </ConfirmDialog>
    </section>
  );
}
