import { AFTER_SALES_CONTACT_THEME_ID } from '@ecare/shared/legal';
import { CalendarClock, Mail, Phone } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { SUPPORT_LINE } from '../../config/contacts.ts';
import { PATHS } from '../../lib/routes.ts';
import { useSessionState } from '../session/use-session-state.ts';

/** The contact form, opened on its after-sales theme (decision 022). */
export const AFTER_SALES_FORM = `${PATHS.contactForm}?idTheme=${AFTER_SALES_CONTACT_THEME_ID}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `sav${useId().replace(/:/g, '')}`;
  return (
    <section aria-labelledby={id} className="card space-y-3">
      <h2 id={id} className="text-xl font-bold text-primary-strong">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Where a lost or stolen line is suspended: its page, reached from the fleet list (a line user's from their home page). */
function LossTheftLink({ lineUser }: { lineUser: boolean }) {
  return lineUser ? (
    <Link to={PATHS.userHome} className="link">
      votre page d’accueil
    </Link>
  ) : (
    <Link to={PATHS.mobileLines} className="link">
      Vos lignes mobiles
    </Link>
  );
}

/**
 * /assistance/sav: what to do when a phone breaks down, is damaged, lost or stolen (repair,
 * replacement, warranty, insurance claim), and how to reach the after-sales service. Readable
 * signed out, like the other support pages.
 */
export function AfterSalesRoute() {
  const { user } = useSessionState();
  const lineUser = user?.utilisateur === true;
  return (
    <>
      <PageHeading intro={'Panne, casse, perte ou vol de votre téléphone\u00a0: voici comment nous vous aidons.'}>Service après-vente</PageHeading>

      <div className="space-y-6">
        <section aria-labelledby="sav-contact" className="card space-y-3 border-l-4 border-l-primary">
          <h2 id="sav-contact" className="text-xl font-bold text-primary-strong">
            Contacter le service après-vente
          </h2>
          <p>
            Nos conseillers vous répondent <strong>{SUPPORT_LINE.hours}</strong>.
          </p>
          <ul className="space-y-3">
            <li className="flex flex-wrap items-center gap-2">
              <Phone aria-hidden="true" className="size-5 text-primary" />
              <span>
                Par téléphone au{' '}
                <a href={`tel:${SUPPORT_LINE.number}`} className="link whitespace-nowrap font-semibold">
                  {SUPPORT_LINE.number}
                </a>{' '}
                ({SUPPORT_LINE.pricing})
              </span>
            </li>
            <li className="flex flex-wrap items-center gap-2">
              <Mail aria-hidden="true" className="size-5 text-primary" />
              <span>Par écrit, à toute heure&nbsp;:</span>
              <Link to={AFTER_SALES_FORM} className="btn-primary">
                Écrire au service après-vente
              </Link>
            </li>
            <li className="flex flex-wrap items-center gap-2">
              <CalendarClock aria-hidden="true" className="size-5 text-primary" />
              <span>Être rappelé par un conseiller au moment de votre choix&nbsp;:</span>
              <Link to={PATHS.appointments} className="btn-secondary">
                Prendre rendez-vous
              </Link>
            </li>
          </ul>
        </section>

        <Section title="Votre téléphone est en panne ou endommagé">
          <ol className="list-decimal space-y-2 pl-6">
            <li>Sauvegardez vos données (contacts, photos, documents)&nbsp;: la réparation peut les effacer.</li>
            <li>
              Désactivez la fonction de localisation de l’appareil («&nbsp;Localiser mon iPhone&nbsp;» ou «&nbsp;Localiser mon
              appareil&nbsp;») et retirez la carte SIM et la carte mémoire.
            </li>
            <li>
              Déclarez la panne par téléphone ou par le formulaire, en indiquant le numéro de la ligne, le modèle, le numéro IMEI
              (composez *#06#) et ce qui ne fonctionne pas.
            </li>
            <li>
              Nous vous envoyons une étiquette de transport prépayée, ou faisons enlever l’appareil à votre adresse. Il est réparé
              dans un centre agréé, en 5 à 10 jours ouvrés en général, puis vous est renvoyé.
            </li>
          </ol>
          <p>Selon votre offre, un téléphone de prêt peut vous être envoyé pendant la réparation.</p>
        </Section>

        <Section title="Garantie, réparation et échange">
          <ul className="list-disc space-y-2 pl-6">
            <li>
              Un téléphone neuf acheté auprès de nous est garanti 24&nbsp;mois à compter de sa livraison, un téléphone reconditionné
              12&nbsp;mois&nbsp;: sous garantie, la réparation est gratuite.
            </li>
            <li>Si la réparation est impossible, l’appareil est échangé contre un modèle équivalent.</li>
            <li>
              La garantie ne couvre pas la casse, l’oxydation ni une intervention d’un réparateur non agréé. Hors garantie, un
              devis vous est envoyé avant toute réparation&nbsp;; sans accord de votre part, l’appareil vous est retourné.
            </li>
          </ul>
          <p>
            Les conditions détaillées figurent dans les conditions générales de vente, sur la page{' '}
            <Link to={PATHS.termsAndPrices} className="link">
              Conditions et tarifs
            </Link>
            .
          </p>
        </Section>

        <Section title={'Vous avez souscrit une assurance\u00a0: déclarer un sinistre'}>
          <ul className="list-disc space-y-2 pl-6">
            <li>Déclarez la casse, l’oxydation ou le vol dans les 5&nbsp;jours ouvrés, par téléphone ou par le formulaire.</li>
            <li>
              Joignez la facture d’achat de l’appareil et, en cas de vol, le récépissé de votre dépôt de plainte auprès de la police
              ou de la gendarmerie.
            </li>
            <li>
              Nous transmettons votre dossier à l’assureur&nbsp;: l’appareil est réparé ou remplacé, après paiement de la franchise
              prévue par votre contrat d’assurance.
            </li>
          </ul>
        </Section>

        <Section title="Votre téléphone est perdu ou volé">
          <ol className="list-decimal space-y-2 pl-6">
            {lineUser ? (
              <li>
                Faites suspendre la ligne sans attendre&nbsp;: demandez-le au gestionnaire de votre compte ou appelez le{' '}
                <a href={`tel:${SUPPORT_LINE.number}`} className="link whitespace-nowrap">
                  {SUPPORT_LINE.number}
                </a>
                . Votre ligne est accessible depuis <LossTheftLink lineUser={lineUser} />.
              </li>
            ) : (
              <li>
                Suspendez la ligne sans attendre, pour que personne ne l’utilise à vos frais&nbsp;: ouvrez-la depuis{' '}
                <LossTheftLink lineUser={lineUser} />, puis choisissez «&nbsp;Déclarer la perte ou le vol&nbsp;».
              </li>
            )}
            <li>
              En cas de vol, déposez plainte, puis transmettez-nous le récépissé avec le numéro IMEI de l’appareil&nbsp;: nous le
              faisons bloquer sur les réseaux mobiles.
            </li>
            <li>
              Commandez une carte SIM de remplacement&nbsp;: votre numéro est conservé. Une fois la carte activée, la ligne est
              rétablie depuis sa page.
            </li>
          </ol>
        </Section>
      </div>
    </>
  );
}
