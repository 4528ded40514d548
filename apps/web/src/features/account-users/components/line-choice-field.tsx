import { ComboBoxField } from '../../../components/ui/form/combo-box-field.tsx';
import { useFreeLines } from '../api/get-free-lines.ts';
import { lineOptions } from '../utils/user-forms.ts';

/** The line a line user is given: a line of the account without a portal user yet. */
export function LineChoiceField({ idClientBscs }: { idClientBscs: number }) {
  const free = useFreeLines(idClientBscs, true);
  const listed = free.data?.lignes.length ?? 0;
  const total = free.data?.total ?? 0;
  const help =
    free.data && total === 0
      ? 'Toutes les lignes du compte ont déjà un utilisateur : retirez d’abord l’utilisateur d’une ligne pour la confier à quelqu’un d’autre.'
      : total > listed
        ? `Les ${listed.toLocaleString('fr-FR')} premières lignes sans utilisateur, par numéro : tapez le début du numéro pour filtrer.`
        : 'Les lignes du compte qui n’ont pas encore d’utilisateur de l’espace client. Tapez le début du numéro pour filtrer.';
  return (
    <ComboBoxField
      name="idContrat"
      label="Ligne mobile de l’utilisateur"
      required
      help={free.isPending ? 'Chargement des lignes disponibles…' : help}
      options={free.data ? lineOptions(free.data.lignes) : []}
      emptyText="Aucune ligne disponible ne correspond."
    />
  );
}
