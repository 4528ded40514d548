import { COST_CENTRE_DEPTH_MAX, type CostCentreEntry } from '@ecare/shared/cost-centres';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, type Confirmation } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { useChangeCostCentre } from '../api/change-cost-centre.ts';
import { useCostCentres } from '../api/get-cost-centres.ts';
import { centreChoiceLabel } from '@ecare/shared/cost-centres';
import { centreFormSchema, type CentreFormInput } from '../utils/centre-forms.ts';
import { parentChoices } from '../utils/tree-choices.ts';

const linesText = (count: number) => (count === 0 ? 'Aucune ligne' : count === 1 ? '1 ligne' : `${count.toLocaleString('fr-FR')} lignes`);

interface CentreFormProps {
  idClientBscs: number;
  centres: readonly CostCentreEntry[];
  /** The centre being changed; none: a new one. */
  editing: CostCentreEntry | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** Creates a centre, or renames and moves one (with its sub-centres). */
function CentreForm({ idClientBscs, centres, editing, onDone, onCancel }: CentreFormProps) {
  const change = useChangeCostCentre();
  const form = useZodForm(centreFormSchema, {
    defaultValues: editing ? { code: editing.code, libelle: editing.libelle, idParent: editing.idParent === null ? '' : String(editing.idParent) } : { code: '', libelle: '', idParent: '' },
  });
  const parents = parentChoices(centres, editing?.idCentre ?? null).map((centre) => ({ value: String(centre.idCentre), label: centreChoiceLabel(centre) }));
  return (
    <Form
      form={form}
      aria-label={editing ? `Modifier le centre ${editing.libelle}` : 'Nouveau centre de coût'}
      className="card space-y-4"
      onSubmit={async (values) => {
        const centre = { code: values.code, libelle: values.libelle, idParent: values.idParent === '' ? null : Number(values.idParent) };
        await change.mutateAsync(editing ? { kind: 'modifier', idClientBscs, idCentre: editing.idCentre, centre } : { kind: 'creer', idClientBscs, centre });
        onDone(editing ? `Le centre « ${values.libelle} » est modifié.` : `Le centre « ${values.libelle} » est créé.`);
      }}
    >
      <h3 className="text-lg font-bold text-primary-strong">{editing ? `Modifier « ${editing.libelle} »` : 'Nouveau centre de coût'}</h3>
      <div className="grid gap-4 md:grid-cols-3">
        <TextField<CentreFormInput> name="code" label="Code" required help="20 caractères au plus, unique dans le compte (par exemple LYON)." autoComplete="off" />
        <TextField<CentreFormInput> name="libelle" label="Libellé" required help="60 caractères au plus (par exemple Agence Lyon)." autoComplete="off" />
        <SelectField<CentreFormInput>
          name="idParent"
          label="Rattaché à"
          placeholder="Aucun (au sommet)"
          options={parents}
          help={`L’arborescence compte ${COST_CENTRE_DEPTH_MAX} niveaux au plus.`}
        />
      </div>
      <FormAlert />
      <div className="flex flex-wrap gap-3">
        <SubmitButton>{editing ? 'Enregistrer' : 'Créer le centre'}</SubmitButton>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Annuler
        </button>
      </div>
    </Form>
  );
}

/** The confirmation of a deletion: where the centre's lines go, when it has any. */
function DeleteDialog({ idClientBscs, centres, centre, onClose }: { idClientBscs: number; centres: readonly CostCentreEntry[]; centre: CostCentreEntry; onClose: (message: string | null) => void }) {
  const change = useChangeCostCentre();
  const [destination, setDestination] = useState('aucun');
  const [error, setError] = useState<unknown>(null);
  const blocked = centre.nombreSousCentres > 0;
  const run = async () => {
    setError(null);
    try {
      await change.mutateAsync({
        kind: 'supprimer',
        idClientBscs,
        idCentre: centre.idCentre,
        ...(centre.nombreLignes > 0 ? { deplacerVers: destination === 'aucun' ? ('aucun' as const) : Number(destination) } : {}),
      });
      onClose(`Le centre « ${centre.libelle} » est supprimé.`);
    } catch (failure) {
      setError(failure);
    }
  };
  // The dialog is open while this component is: its answer runs the deletion or closes it.
  const confirmation: Confirmation = {
    isOpen: true,
    ask: () => Promise.resolve(false),
    close: () => onClose(null),
    answer: (confirmed) => (confirmed && !blocked ? void run() : onClose(null)),
  };
  return (
    <ConfirmDialog confirmation={confirmation} title={`Supprimer le centre « ${centre.libelle} » ?`} confirmLabel={blocked ? 'Fermer' : 'Supprimer'} isPending={change.isPending}>
      {blocked ? (
        <p>Ce centre a des sous-centres : supprimez-les ou rattachez-les à un autre centre d’abord.</p>
      ) : centre.nombreLignes > 0 ? (
        <>
          <p>{linesText(centre.nombreLignes)} de ce centre {centre.nombreLignes > 1 ? 'seront déplacées' : 'sera déplacée'}.</p>
          <label htmlFor="deplacer-vers" className="block font-semibold">
            Déplacer ses lignes vers
          </label>
          <select id="deplacer-vers" className="field-input w-full" value={destination} onChange={(event) => setDestination(event.target.value)}>
            <option value="aucun">Aucun centre de coût</option>
            {centres
              .filter((other) => other.idCentre !== centre.idCentre)
              .map((other) => (
                <option key={other.idCentre} value={String(other.idCentre)}>
                  {centreChoiceLabel(other)}
                </option>
              ))}
          </select>
        </>
      ) : (
        <p>Ce centre ne porte aucune ligne.</p>
      )}
      {error ? <ApiErrorAlert error={error} /> : null}
    </ConfirmDialog>
  );
}

/** /mon-compte/centres-de-cout: the account's tree of cost centres, created, renamed, moved and deleted by its managers. */
export function CostCentresManager({ idClientBscs }: { idClientBscs: number }) {
  const tree = useCostCentres(idClientBscs);
  const [editing, setEditing] = useState<CostCentreEntry | 'nouveau' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CostCentreEntry | null>(null);

  if (tree.isPending) return <WaitingText>Lecture des centres de coût…</WaitingText>;
  if (tree.isError) return <ReadFailed error={tree.error} onRetry={() => void tree.refetch()} pending={tree.isFetching} />;
  const { centres, lignesSansCentre } = tree.data;

  const columns: DataColumn<CostCentreEntry>[] = [
    {
      id: 'centre',
      header: 'Centre de coût',
      rowHeader: true,
      cell: (centre) => (
        <span style={{ paddingInlineStart: `${(centre.niveau - 1) * 1.5}rem` }} className="inline-block">
          <span className="font-semibold">{centre.libelle}</span> <span className="text-sm text-muted">({centre.code})</span>
        </span>
      ),
    },
    { id: 'niveau', header: 'Niveau', cell: (centre) => centre.niveau },
    {
      id: 'lignes',
      header: 'Lignes',
      cell: (centre) => (centre.nombreSousCentres > 0 ? `${linesText(centre.nombreLignes)} (${linesText(centre.nombreLignesTotal)} avec ses sous-centres)` : linesText(centre.nombreLignes)),
    },
    {
      id: 'actions',
      header: 'Actions',
      card: 'actions',
      cell: (centre) => (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" onClick={() => {
              setMessage(null);
              setEditing(centre);
            }} aria-label={`Modifier le centre ${centre.libelle}`}>
            <Pencil aria-hidden="true" className="size-4" />
            Modifier
          </button>
          <button
            type="button"
            className="btn-secondary"
            aria-label={`Supprimer le centre ${centre.libelle}`}
            onClick={() => {
              setMessage(null);
              setDeleting(centre);
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Supprimer
          </button>
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <p className="text-muted">
        Les centres de coût répartissent les lignes du compte, par exemple par direction puis par agence, sur trois niveaux au plus. Chaque facture garde le centre qu’avait
        chaque ligne à son émission. {lignesSansCentre > 0 ? `${linesText(lignesSansCentre)} du compte ${lignesSansCentre > 1 ? 'ne sont rattachées' : 'n’est rattachée'} à aucun centre.` : ''}
      </p>
      <div role="status">{message ? <Alert tone="success" live={false}>{message}</Alert> : null}</div>
      <DataTable
        caption="Centres de coût du compte, dans l’ordre de l’arborescence"
        columns={columns}
        rows={centres}
        rowKey={(centre) => centre.idCentre}
        empty={<EmptyState title="Ce compte n’a pas encore de centre de coût.">Créez un premier centre, puis rattachez-y les lignes depuis leur page.</EmptyState>}
      />
      {editing === null ? (
        <button type="button" className="btn-primary" onClick={() => {
            setMessage(null);
            setEditing('nouveau');
          }}>
          <Plus aria-hidden="true" className="size-4" />
          Nouveau centre de coût
        </button>
      ) : (
        <CentreForm
          key={editing === 'nouveau' ? 'nouveau' : editing.idCentre}
          idClientBscs={idClientBscs}
          centres={centres}
          editing={editing === 'nouveau' ? null : editing}
          onDone={(text) => {
            setEditing(null);
            setMessage(text);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {deleting ? (
        <DeleteDialog
          key={deleting.idCentre}
          idClientBscs={idClientBscs}
          centres={centres}
          centre={deleting}
          onClose={(text) => {
            setDeleting(null);
            if (text) setMessage(text);
          }}
        />
      ) : null}
    </div>
  );
}
