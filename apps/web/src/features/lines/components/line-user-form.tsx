import {
  DIRECTORY_LISTINGS,
  directoryListingBodySchema,
  lineUserBodySchema,
  type DirectoryListing,
  type LineDetail,
  type LineUserEntry,
} from '@ecare/shared/lines';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField, type RadioOption } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useSetDirectoryListing } from '../api/set-directory-listing.ts';
import { useSetLineUser } from '../api/set-line-user.ts';

/** What each directory choice means, said where it is made. */
export const DIRECTORY_CHOICES: Record<DirectoryListing, { label: string; description: string }> = {
  LISTE_ROUGE: {
    label: 'Liste rouge',
    description: 'Le numéro ne figure dans aucun annuaire ni service de renseignements\u00a0: personne ne peut l’obtenir à partir du nom.',
  },
  LISTE_ORANGE: {
    label: 'Liste orange',
    description: 'Le numéro figure dans les annuaires, mais ne peut pas être communiqué à des entreprises pour de la prospection commerciale.',
  },
  PARUTION: {
    label: 'Parution dans l’annuaire',
    description: 'Le numéro et le nom de l’utilisateur figurent dans les annuaires et services de renseignements, sans restriction.',
  },
};

const DIRECTORY_OPTIONS: RadioOption[] = DIRECTORY_LISTINGS.map((listing) => ({ value: listing, ...DIRECTORY_CHOICES[listing] }));

const DIRECTORY_HELP = 'Le nom de l’utilisateur n’est publié qu’avec son accord.';

/** The API's rules for naming a line's user; the form always has a directory choice. */
export const lineUserFormSchema = lineUserBodySchema.extend({
  inscriptionAnnuaire: z.enum(DIRECTORY_LISTINGS, 'Veuillez choisir l’inscription à l’annuaire.'),
});
type LineUserValues = z.input<typeof lineUserFormSchema>;
type DirectoryValues = z.input<typeof directoryListingBodySchema>;

interface FormProps {
  line: LineDetail;
  onSaved: (user: LineUserEntry) => void;
  onCancel: () => void;
}

function FormButtons({ onCancel }: { onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-3 pt-2">
      <SubmitButton>Enregistrer</SubmitButton>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Annuler
      </button>
    </div>
  );
}

/** The manager names who uses the line: names, e-mail address (optional) and directory listing. */
export function LineUserForm({ line, onSaved, onCancel }: FormProps) {
  const user = line.utilisateur;
  const form = useZodForm(lineUserFormSchema, {
    defaultValues: {
      prenom: user?.prenom ?? '',
      nom: user?.nom ?? '',
      email: user?.email ?? '',
      inscriptionAnnuaire: user?.inscriptionAnnuaire ?? 'LISTE_ROUGE',
    },
  });
  const save = useSetLineUser();
  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={async (values) => onSaved(await save.mutateAsync({ idContrat: line.idContrat, user: values }))}
    >
      <TextField<LineUserValues> name="prenom" label="Prénom" required autoComplete="off" />
      <TextField<LineUserValues> name="nom" label="Nom" required autoComplete="off" />
      <TextField<LineUserValues>
        name="email"
        label="Adresse e-mail (facultatif)"
        type="email"
        autoComplete="off"
        help="Pour joindre l’utilisateur au sujet de sa ligne."
      />
      <RadioGroupField<LineUserValues> name="inscriptionAnnuaire" label="Inscription à l’annuaire" required help={DIRECTORY_HELP} options={DIRECTORY_OPTIONS} />
      <FormAlert />
      <FormButtons onCancel={onCancel} />
    </Form>
  );
}

/** A line user chooses whether their own number is published, and nothing else of the line. */
export function DirectoryListingForm({ line, onSaved, onCancel }: FormProps) {
  const form = useZodForm(directoryListingBodySchema, {
    defaultValues: { inscriptionAnnuaire: line.utilisateur?.inscriptionAnnuaire ?? 'LISTE_ROUGE' },
  });
  const save = useSetDirectoryListing();
  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={async (values) => onSaved(await save.mutateAsync({ idContrat: line.idContrat, inscriptionAnnuaire: values.inscriptionAnnuaire }))}
    >
      <RadioGroupField<DirectoryValues> name="inscriptionAnnuaire" label="Inscription à l’annuaire" required options={DIRECTORY_OPTIONS} />
      <FormAlert />
      <FormButtons onCancel={onCancel} />
    </Form>
  );
}
