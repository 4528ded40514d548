import {
  ADMIN_MENU_URL_MAX_LENGTH,
  ADMIN_MENU_URL_PATTERN,
  adminMenuItemBodySchema,
  type AdminMenuItem,
  type AdminMenuKind,
} from '@ecare/shared/admin';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { useFieldId } from '../../../components/ui/form/field-ids.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useSaveAdminMenuItem } from '../api/save-admin-menu-item.ts';

/** Each level's words, with its article: a rubrique and a sous-rubrique are feminine, a module masculine. */
export const MENU_KIND_WORDS: Record<AdminMenuKind, { nom: string; un: string; le: string; de: string; ajoute: string }> = {
  rubrique: { nom: 'rubrique', un: 'une rubrique', le: 'la rubrique', de: 'de la rubrique', ajoute: 'ajoutée' },
  sousRubrique: { nom: 'sous-rubrique', un: 'une sous-rubrique', le: 'la sous-rubrique', de: 'de la sous-rubrique', ajoute: 'ajoutée' },
  module: { nom: 'module', un: 'un module', le: 'le module', de: 'du module', ajoute: 'ajouté' },
};

/** The form's values: the address may be left empty (none), the parent is the select's value. */
const menuItemFormSchema = z.object({
  nom: adminMenuItemBodySchema.shape.nom,
  url: z
    .string()
    .trim()
    .max(ADMIN_MENU_URL_MAX_LENGTH, `L’adresse ne peut dépasser ${ADMIN_MENU_URL_MAX_LENGTH} caractères.`)
    .refine((value) => value === '' || ADMIN_MENU_URL_PATTERN.test(value), 'L’adresse doit être un chemin du portail commençant par « / » ou une adresse en https://.'),
  parentId: z.string(),
});
type MenuItemFormValues = z.infer<typeof menuItemFormSchema>;

function ParentSelect({ parents }: { parents: AdminMenuItem[] }) {
  const { register } = useFormContext<MenuItemFormValues>();
  return (
    <FormField id={useFieldId('parentId')} label="Placée sous" className="min-w-0 flex-1 basis-56">
      {(control) => (
        <select {...control} {...register('parentId')} className="field-input">
          {parents.map((parent) => (
            <option key={parent.id} value={String(parent.id)}>
              {parent.nom}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

interface MenuItemFormProps {
  /** The entry edited; none: a new entry under `parentId`. */
  item: AdminMenuItem | null;
  parentId: number | null;
  kind: AdminMenuKind;
  /** Where the entry may move (the entries of the level above); empty for a rubrique. */
  parents: AdminMenuItem[];
  onSaved: (item: AdminMenuItem) => void;
  onCancel: () => void;
}

/** An entry's name, address and, when edited, its parent (moving it there, last). */
export function MenuItemForm({ item, parentId, kind, parents, onSaved, onCancel }: MenuItemFormProps) {
  const form = useZodForm(menuItemFormSchema, {
    defaultValues: { nom: item?.nom ?? '', url: item?.url ?? '', parentId: parentId === null ? '' : String(parentId) },
  });
  const save = useSaveAdminMenuItem(item?.id ?? null);
  const words = MENU_KIND_WORDS[kind];
  return (
    <Form
      form={form}
      className="flex flex-wrap items-end gap-3"
      onSubmit={async (values) => {
        const saved = await save.mutateAsync({
          nom: values.nom,
          url: values.url === '' ? null : values.url,
          parentId: values.parentId === '' ? null : Number(values.parentId),
        });
        onSaved(saved);
      }}
    >
      <TextField name="nom" label={`Libellé ${words.de}`} required className="min-w-0 flex-1 basis-56" />
      <TextField
        name="url"
        label="Adresse"
        required={kind === 'module'}
        help={kind === 'module' ? 'Chemin du portail (/assistance/faq) ou adresse en https://.' : 'Facultative : chemin du portail ou adresse en https://.'}
        className="min-w-0 flex-1 basis-56"
      />
      {item && parents.length > 0 ? <ParentSelect parents={parents} /> : null}
      <SubmitButton>{item ? 'Enregistrer' : `Ajouter ${words.le}`}</SubmitButton>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Annuler
      </button>
      <FormAlert className="basis-full" />
    </Form>
  );
}
