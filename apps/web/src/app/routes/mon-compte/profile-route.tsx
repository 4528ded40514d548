import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useCurrentUser } from '../../../features/auth/api/get-current-user.ts';
import { EmailChangeForm } from '../../../features/email-change/components/email-change-form.tsx';
import { accountBreadcrumb } from './account-breadcrumb.ts';

export { accountAreaLoader as profileLoader } from './account-loader.ts';

/** /mon-compte/profil: who is signed in, and the request to change the login e-mail. */
export function ProfileRoute() {
  const user = useCurrentUser().data;
  if (!user) return null;
  return (
    <>
      <PageHeading breadcrumb={accountBreadcrumb(user, 'Mon profil')}>Mon profil</PageHeading>
      <div className="grid max-w-3xl gap-6">
        <section aria-labelledby="mes-informations" className="card">
          <h2 id="mes-informations" className="mb-4 text-xl font-bold text-primary-strong">
            Mes informations
          </h2>
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">Nom</dt>
            <dd>{`${user.prenom} ${user.nom}`.trim()}</dd>
            <dt className="font-semibold">Identifiant de connexion</dt>
            <dd className="break-all">{user.email}</dd>
          </dl>
        </section>
        <section aria-labelledby="changer-email" className="card">
          <h2 id="changer-email" className="mb-4 text-xl font-bold text-primary-strong">
            Changer l’adresse e-mail de connexion
          </h2>
          <EmailChangeForm currentEmail={user.email} />
        </section>
      </div>
    </>
  );
}
