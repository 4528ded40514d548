import type { LineDetail, LineUserEntry } from '@ecare/shared/lines';
import { PencilLine } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DIRECTORY_LISTING_LABELS } from '../utils/line-format.ts';
import { DirectoryListingForm, LineUserForm } from './line-user-form.tsx';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold break-words">{children}</dd>
    </div>
  );
}

interface LineUserSectionProps {
  line: LineDetail;
  /** A change was saved (the page says so). */
  onSaved: (user: LineUserEntry, what: 'utilisateur' | 'annuaire') => void;
}

/**
 * Who uses the line and whether the number is published. The manager changes both; the line's
 * own user, only the directory listing (decision 020). The form opens in a dialog.
 */
export function LineUserSection({ line, onSaved }: LineUserSectionProps) {
  const [editing, setEditing] = useState(false);
  const user = line.utilisateur;
  const what = line.actions.includes('UTILISATEUR') ? 'utilisateur' : line.actions.includes('ANNUAIRE') ? 'annuaire' : null;
  const title = what === 'utilisateur' ? 'Modifier l’utilisateur de la ligne' : 'Modifier l’inscription à l’annuaire';
  const saved = (entry: LineUserEntry) => {
    setEditing(false);
    if (what) onSaved(entry, what);
  };

  return (
    <section aria-labelledby="ligne-utilisateur" className="card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="ligne-utilisateur" className="text-xl font-bold text-primary-strong">
          Utilisateur de la ligne
        </h2>
        {what ? (
          <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
            <PencilLine aria-hidden="true" className="size-4" />
            {what === 'utilisateur' ? 'Modifier l’utilisateur' : 'Modifier l’inscription à l’annuaire'}
          </button>
        ) : null}
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Item label="Prénom et nom">{user ? `${user.prenom} ${user.nom}`.trim() : <span className="font-normal">Non renseigné</span>}</Item>
        <Item label="Adresse e-mail">{user?.email ? user.email : <span className="font-normal">Non renseignée</span>}</Item>
        <Item label="Inscription à l’annuaire">
          {user ? DIRECTORY_LISTING_LABELS[user.inscriptionAnnuaire] : <span className="font-normal">Non renseignée</span>}
        </Item>
      </dl>
      <Dialog title={title} isOpen={editing} onOpenChange={setEditing}>
        {what === 'utilisateur' ? (
          <LineUserForm line={line} onSaved={saved} onCancel={() => setEditing(false)} />
        ) : (
          <DirectoryListingForm line={line} onSaved={saved} onCancel={() => setEditing(false)} />
        )}
      </Dialog>
    </section>
  );
}
