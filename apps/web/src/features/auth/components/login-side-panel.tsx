/** Right-hand block of the login page (spec §1): the two audiences of the portal. Desktop only. */
export function LoginSidePanel() {
  return (
    <aside aria-labelledby="espace-pro-publics" className="hidden login:block">
      <h2 id="espace-pro-publics" className="sr-only">
        Votre espace client Pro
      </h2>
      <div className="space-y-4">
        <section className="rounded-lg bg-primary p-6 text-white">
          <h3 className="text-lg font-bold">Vous êtes gestionnaire</h3>
          <p className="mt-2">Gérez votre compte en quelques clics : lignes, forfaits, factures et commandes.</p>
        </section>
        <section className="rounded-lg border border-line-soft bg-surface p-6">
          <h3 className="text-lg font-bold text-primary-strong">Vous êtes utilisateur</h3>
          <p className="mt-2">Gérez votre forfait et consultez vos informations de consommation.</p>
        </section>
      </div>
    </aside>
  );
}
