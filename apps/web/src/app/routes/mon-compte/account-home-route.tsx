import { BellRing, Headset, CalendarClock, ChevronRight, CreditCard, FileSpreadsheet, FileText, KeyRound, Landmark, MessagesSquare, Network, UserRound, UsersRound, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useCurrentUser } from '../../../features/auth/api/get-current-user.ts';
import { PATHS } from '../../../lib/routes.ts';
import { accountBreadcrumb } from './account-breadcrumb.ts';

export { accountAreaLoader as accountHomeLoader } from './account-loader.ts';

const PAGES: { to: string; title: string; text: string; icon: LucideIcon; managersOnly?: boolean }[] = [
  {
    to: PATHS.accountProfile,
    title: 'Mon profil',
    text: 'Vos nom et identifiant de connexion, et le changement de l’adresse e-mail qui vous sert d’identifiant.',
    icon: UserRound,
  },
  {
    to: PATHS.accountCode,
    title: 'Changer mon code confidentiel',
    text: 'Un nouveau code confidentiel pour vous connecter ; vos autres sessions ouvertes seront fermées.',
    icon: KeyRound,
  },
  {
    to: PATHS.accountOptins,
    title: 'Préférences de contact',
    text: 'Les offres commerciales et les actualités du service que vous acceptez de recevoir, par e-mail et par SMS.',
    icon: BellRing,
  },
  {
    to: PATHS.accountRequests,
    title: 'Mes demandes',
    text: 'Les messages envoyés au service client avec le formulaire de contact, leur référence et leur avancement.',
    icon: MessagesSquare,
  },
  {
    to: PATHS.appointments,
    title: 'Mes rendez-vous',
    text: 'Un rendez-vous téléphonique avec un conseiller au sujet d’une ligne : le prendre, le déplacer ou l’annuler.',
    icon: CalendarClock,
  },
  {
    to: PATHS.accountAgentActions,
    title: 'Actions du service client',
    text: 'Les connexions des conseillers du service client à votre compte et ce qu’ils ont fait pour vous, avec le motif.',
    icon: Headset,
    managersOnly: true,
  },
  {
    to: PATHS.accountUsers,
    title: 'Utilisateurs du compte',
    text: 'Les personnes qui accèdent à l’espace client pour votre compte : inviter un utilisateur, changer son rôle, le retirer.',
    icon: UsersRound,
    managersOnly: true,
  },
  {
    to: PATHS.accountCostCentres,
    title: 'Centres de coût',
    text: 'La répartition des lignes du compte par direction, agence ou service, sur trois niveaux au plus, reprise par chaque facture.',
    icon: Network,
    managersOnly: true,
  },
  {
    to: PATHS.accountInvoices,
    title: 'Mes factures',
    text: 'Les factures du compte de facturation : détail par ligne, téléchargement en PDF, export et réclamation.',
    icon: FileText,
    managersOnly: true,
  },
  {
    to: PATHS.accountReports,
    title: 'Rapports programmés',
    text: 'Le parc de lignes ou la facture par centre de coût en classeur Excel, envoyés chaque mois ou chaque semaine aux personnes choisies.',
    icon: FileSpreadsheet,
    managersOnly: true,
  },
  {
    to: PATHS.accountPayment,
    title: 'Payer mes factures',
    text: 'Les factures qui restent à payer, réglées par carte bancaire sur la page sécurisée de notre prestataire de paiement.',
    icon: CreditCard,
    managersOnly: true,
  },
  {
    to: PATHS.accountBankDetails,
    title: 'Coordonnées bancaires',
    text: 'Le mode de paiement des factures, le compte bancaire et le mandat de prélèvement SEPA du compte de facturation.',
    icon: Landmark,
    managersOnly: true,
  },
];

/** /mon-compte: what the account area holds, one card per page. */
export function AccountHomeRoute() {
  const user = useCurrentUser().data;
  return (
    <>
      <PageHeading breadcrumb={accountBreadcrumb(user)} intro={user ? `Connecté en tant que ${user.email}` : undefined}>Mon compte</PageHeading>
      <ul className="grid max-w-4xl gap-4 md:grid-cols-2">
        {/* Only those who manage billing accounts manage their users (spec §6). */}
        {PAGES.filter((page) => !page.managersOnly || user?.gestionnaire === true || user?.mandataire === true).map(({ to, title, text, icon: Icon }) => (
          <li key={to} className="card relative flex gap-4 hover:border-primary">
            <Icon aria-hidden="true" className="size-7 shrink-0 text-primary" />
            <div className="flex-1">
              <h2 className="text-lg font-bold text-primary-strong">
                {/* The whole card is the link's target area; the name stays the title alone. */}
                <Link to={to} className="link after:absolute after:inset-0 after:content-['']">
                  {title}
                </Link>
              </h2>
              <p className="mt-1 text-muted">{text}</p>
            </div>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 self-center text-muted" />
          </li>
        ))}
      </ul>
    </>
  );
}
