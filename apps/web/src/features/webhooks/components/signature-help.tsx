import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { WEBHOOKS_TEXTS } from '../utils/webhooks-texts.ts';

/** How the customer's server checks that an event comes from the portal (Standard Webhooks). */
export function SignatureHelp() {
  return (
    <div className="space-y-2">
      <h3 className="text-lg font-bold">{WEBHOOKS_TEXTS.signatureTitle}</h3>
      <p>
        Chaque envoi suit la spécification <ExternalLink href="https://www.standardwebhooks.com">Standard Webhooks</ExternalLink> et porte les en-têtes{' '}
        <code>webhook-id</code> (le même à chaque essai et renvoi, pour ignorer un doublon), <code>webhook-timestamp</code> (en secondes) et{' '}
        <code>webhook-signature</code>. Pour vérifier un envoi, calculez le HMAC-SHA256 de <code className="break-all">id.timestamp.corps</code> (l’id et
        l’horodatage des en-têtes, le corps brut tel que reçu) avec les octets du secret (ce qui suit <code>whsec_</code>, décodé de base64), encodez-le en
        base64 et comparez-le, en temps constant, à chaque signature <code>v1,…</code> de l’en-tête&nbsp;; refusez aussi un envoi dont l’horodatage a plus
        de cinq minutes.
      </p>
    </div>
  );
}
