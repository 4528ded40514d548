import type { EsimResponse } from '@ecare/shared/esim';
import { formatPhone } from '@ecare/shared/phone';
import { Fragment, type ReactNode } from 'react';
import { SUPPORT_LINE } from '../../../config/contacts.ts';
import { ESIM_DEFAULT_PIN } from '../../../config/esim.ts';
import { ManualInstallation } from './manual-installation.tsx';

/** Spec §2 "eSIM page": the page's title, word for word. */
export const ESIM_PAGE_TITLE = 'Installation de votre eSIM';

/** The phone menus to open, as the phones name them (spec §2, step 2). */
export const ESIM_MENUS = {
  ios: ['Données cellulaires', 'Ajouter une eSIM', 'Utiliser un code QR'],
  android: ['Connexions', 'Gestionnaire de cartes SIM', 'Ajouter une eSIM', 'Scanner le code QR'],
} as const;

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** A path through a phone's menus: "›" between entries, read "puis" by a screen reader. */
export function MenuPath({ entries }: { entries: readonly string[] }) {
  return (
    <span className="font-semibold">
      {entries.map((entry, index) => (
        <Fragment key={entry}>
          {index > 0 ? (
            <>
              <span aria-hidden="true"> › </span>
              <span className="sr-only">, puis </span>
            </>
          ) : null}
          {entry}
        </Fragment>
      ))}
    </span>
  );
}

/** How the QR image is named to who cannot see it: what it is for, and where its content is in words. */
function qrAlt(esim: EsimResponse): string {
  const line = esim.numGsmValide ? `de la ligne ${formatPhone(esim.numGsm)}` : `du contrat ${esim.numContrat}`;
  return `QR code d’installation de l’eSIM ${line}, à scanner avec le téléphone ; son contenu figure dans l’installation manuelle ci-dessous.`;
}

const sectionTitle = 'text-xl font-bold text-primary-strong';

/**
 * The eSIM installation instructions (spec §2): the line, the four steps with the QR code, the
 * manual entry (activation code masked until asked for) and the support line. Narrow screens
 * first: one column, the QR code at a size a phone scans from the screen.
 */
export function EsimInstallation({ esim }: { esim: EsimResponse }) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="esim-ligne" className="card">
        <h2 id="esim-ligne" className={sectionTitle}>
          Votre ligne
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          {esim.numGsmValide ? <Item label="Numéro de ligne">{formatPhone(esim.numGsm)}</Item> : null}
          <Item label="Forfait">{esim.libelleOffreEngagement}</Item>
          <Item label="Numéro de contrat">{esim.numContrat}</Item>
        </dl>
      </section>

      <section aria-labelledby="esim-qr" className="card space-y-4">
        <h2 id="esim-qr" className={sectionTitle}>
          Installer l’eSIM avec le QR code
        </h2>
        <ol className="list-decimal space-y-4 pl-6 marker:font-bold">
          <li className="space-y-1">
            <p>
              Vérifiez que votre téléphone est compatible eSIM&nbsp;: composez le <strong>*#06#</strong>&nbsp;; s’il affiche un
              numéro EID, il l’est.
            </p>
            <p>Connectez-le à Internet (Wi-Fi ou données mobiles) et ne retirez pas la carte SIM déjà présente dans le téléphone.</p>
          </li>
          <li className="space-y-1">
            <p>Ouvrez les réglages du téléphone&nbsp;:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>
                sur iPhone (iOS)&nbsp;: <MenuPath entries={ESIM_MENUS.ios} />&nbsp;;
              </li>
              <li>
                sur Android&nbsp;: <MenuPath entries={ESIM_MENUS.android} />.
              </li>
            </ul>
          </li>
          <li className="space-y-3">
            <p>Scannez ce QR code avec le téléphone à équiper&nbsp;:</p>
            <img
              src={esim.qrCode}
              alt={qrAlt(esim)}
              width={256}
              height={256}
              className="h-auto w-64 max-w-full border border-line-soft bg-white"
            />
          </li>
          <li>
            <p>
              Saisissez le code PIN par défaut&nbsp;: <strong className="font-mono text-lg tracking-wider">{ESIM_DEFAULT_PIN}</strong>.
              Nous vous recommandons de le modifier ensuite dans les réglages du téléphone.
            </p>
          </li>
        </ol>
      </section>

      <ManualInstallation esim={esim} />

      <section aria-labelledby="esim-aide" className="card space-y-2">
        <h2 id="esim-aide" className={sectionTitle}>
          Besoin d’aide&nbsp;?
        </h2>
        <p>
          Le service client vous accompagne dans l’installation de votre eSIM au{' '}
          <a href={`tel:${SUPPORT_LINE.number}`} className="link font-semibold">
            {SUPPORT_LINE.number}
          </a>{' '}
          ({SUPPORT_LINE.pricing}), {SUPPORT_LINE.hours}.
        </p>
      </section>
    </div>
  );
}
