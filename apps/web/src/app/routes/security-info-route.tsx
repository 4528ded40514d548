import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BarePage } from '../../components/layout/bare-page.tsx';
import { ExternalLink } from '../../components/ui/external-link.tsx';
import { DATA_PROTECTION_ADDRESS, GOVERNMENT_LINKS } from '../../config/contacts.ts';
import { BRAND_NAME } from '../../config/site.ts';
import { PATHS } from '../../lib/routes.ts';

/** Contact-form theme of security questions (spec §9). */
const SECURITY_THEME_ID = 13;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold text-primary-strong">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /info-securite-ecare (spec §2 "Security information page"): static text, no header or footer. */
export function SecurityInfoRoute() {
  return (
    <BarePage>
      <article className="max-w-3xl space-y-8">
        <header>
          <h1 className="text-2xl font-bold text-primary-strong sm:text-3xl">
            Information importante sur la sécurité de vos données
          </h1>
          <p className="mt-3 text-muted">Message à l’attention des clients de l’espace client {BRAND_NAME}.</p>
        </header>

        <Section id="incident" title="Ce qui s’est passé">
          <p>
            Le 4 juillet 2022, {BRAND_NAME} a été victime d’une cyberattaque visant une partie de ses systèmes
            d’information. Dès sa détection, l’attaque a été bloquée et nos équipes, accompagnées d’experts en
            cybersécurité, ont engagé les mesures nécessaires. Les autorités compétentes, dont la Commission nationale de
            l’informatique et des libertés (CNIL), ont été informées.
          </p>
        </Section>

        <Section id="donnees" title="Les données personnelles concernées">
          <p>Les catégories de données suivantes ont pu être consultées :</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>données d’identification : nom, prénom, raison sociale et numéro SIREN ou SIRET ;</li>
            <li>coordonnées : adresse postale, adresse e-mail et numéro de téléphone de contact ;</li>
            <li>données contractuelles : numéros de ligne, numéros de contrat et offres souscrites ;</li>
            <li>relevés d’identité opérateur (RIO), qui servent à transférer une ligne vers un autre opérateur.</li>
          </ul>
        </Section>

        <Section id="mesures" title="Les mesures prises pour vous protéger">
          <ul className="list-disc space-y-1 pl-6">
            <li>
              Les numéros RIO (relevé d’identité opérateur) de vos lignes ont été changés : les anciens numéros ne
              permettent plus de transférer vos lignes vers un autre opérateur.
            </li>
            <li>
              Les mots de passe (codes confidentiels) de l’espace client ont été annulés. Pour vous connecter, créez un
              nouveau code confidentiel avec le lien{' '}
              <Link to={PATHS.recoverCode} className="link">
                Code confidentiel oublié ou première connexion
              </Link>
              .
            </li>
          </ul>
        </Section>

        <Section id="recommandations" title="Nos recommandations">
          <ol className="list-decimal space-y-2 pl-6">
            <li>
              Soyez vigilant face aux messages inattendus (e-mails, SMS, appels) qui vous demandent des informations
              personnelles ou bancaires ou vous invitent à cliquer sur un lien : {BRAND_NAME} ne vous demandera jamais
              votre code confidentiel.
            </li>
            <li>
              Ne communiquez jamais votre code confidentiel, vos coordonnées bancaires ou votre RIO à un interlocuteur que
              vous n’avez pas vous-même contacté.
            </li>
            <li>
              Choisissez un code confidentiel que vous n’utilisez sur aucun autre site, et changez le mot de passe des
              sites où vous utilisiez le même.
            </li>
            <li>
              Vérifiez régulièrement vos factures et vos relevés bancaires, et signalez-nous toute opération inhabituelle.
            </li>
          </ol>
        </Section>

        <Section id="liens" title="Pour en savoir plus">
          <ul className="list-disc space-y-1 pl-6">
            <li>
              <ExternalLink href={GOVERNMENT_LINKS.cybermalveillance}>cybermalveillance.gouv.fr</ExternalLink> :
              assistance et prévention du risque numérique
            </li>
            <li>
              <ExternalLink href={GOVERNMENT_LINKS.cnil}>cnil.fr</ExternalLink> : vos droits sur vos données
              personnelles
            </li>
            <li>
              <ExternalLink href={GOVERNMENT_LINKS.pharos}>internet-signalement.gouv.fr</ExternalLink> : signaler un
              contenu ou un comportement illicite en ligne
            </li>
          </ul>
        </Section>

        <Section id="droits" title="Vos questions et vos droits sur vos données">
          <p>
            Pour toute question, ou pour exercer vos droits d’accès, de rectification, d’effacement, d’opposition, de
            limitation et de portabilité, écrivez à notre délégué à la protection des données en joignant la copie d’une
            pièce d’identité :
          </p>
          <address className="rounded-md border-l-4 border-primary bg-primary-soft px-4 py-3 not-italic">
            {DATA_PROTECTION_ADDRESS.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <p>Vous pouvez aussi nous écrire depuis le formulaire de contact de l’espace client.</p>
          <Link to={`${PATHS.contactForm}?idTheme=${SECURITY_THEME_ID}`} className="btn-primary">
            Accéder au formulaire
          </Link>
        </Section>
      </article>
    </BarePage>
  );
}
