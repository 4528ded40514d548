import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ContactResponse } from '@ecare/shared/support';

interface ContactSentProps {
  response: ContactResponse;
  /** Where to follow the request (a signed-in customer's list of requests). */
  follow?: ReactNode;
  onAnother: () => void;
}

/** The message is on its way: its reference, where the acknowledgement went, what next. */
export function ContactSent({ response, follow, onAnother }: ContactSentProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the reader is taken to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="message-envoye" className="card max-w-3xl space-y-4 border-l-4 border-l-success">
      <h2 id="message-envoye" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-xl font-bold text-success outline-none">
        <CheckCircle2 aria-hidden="true" className="size-6 shrink-0" />
        Votre message a bien été envoyé
      </h2>
      <p>
        Référence de votre demande&nbsp;:{' '}
        <strong className="whitespace-nowrap text-2xl text-primary-strong">
          {response.reference}
        </strong>
      </p>
      <p>
        Rappelez cette référence dans vos échanges avec le service client. Un accusé de réception a été envoyé à{' '}
        <strong className="break-all">{response.email}</strong>.
      </p>
      <p>Un conseiller vous répondra par e-mail dans les meilleurs délais.</p>
      <div className="flex flex-wrap gap-3">
        {follow}
        <button type="button" className="btn-secondary" onClick={onAnother}>
          Envoyer un autre message
        </button>
      </div>
    </section>
  );
}
