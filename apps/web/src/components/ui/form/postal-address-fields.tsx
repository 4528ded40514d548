import type { Commune } from '@ecare/shared/add-line';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { SelectField } from './select-field.tsx';
import { TextField } from './text-field.tsx';

/** The fields of a postal address in a form (their names are the shop's address fields). */
export interface PostalAddressValues {
  destinataire: string;
  numero: string;
  voie: string;
  complement: string;
  codePostal: string;
  ville: string;
}

interface PostalAddressFieldsProps {
  legend: string;
  /** The postal code as typed now. */
  codePostal: string;
  /** Its communes: undefined while unknown (no 5 digits yet, or being read). */
  communes: readonly Commune[] | undefined;
  searching: boolean;
  className?: string;
}

const FIVE_DIGITS = /^\d{5}$/;

/**
 * A delivery address in France: recipient, street, postal code, then the city chosen among the
 * postal code's communes (the server checks it again, decision 038). One way for every journey
 * that delivers (adding lines, a new phone).
 */
export function PostalAddressFields<T extends FieldValues & PostalAddressValues>({ legend, codePostal, communes, searching, className = 'grid gap-4 sm:grid-cols-2' }: PostalAddressFieldsProps) {
  const name = (field: keyof PostalAddressValues) => field as FieldPath<T>;
  const typed = FIVE_DIGITS.test(codePostal.trim());
  const cities = [...new Set((communes ?? []).map((commune) => commune.nom))].map((nom) => ({ value: nom, label: nom }));
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-xl font-bold text-primary-strong">{legend}</legend>
      <TextField<T> name={name('destinataire')} label="Destinataire" required autoComplete="organization" className="sm:col-span-2" />
      <TextField<T> name={name('numero')} label="Numéro" autoComplete="off" inputClassName="max-w-32" />
      <TextField<T> name={name('voie')} label="Voie" required autoComplete="address-line1" />
      <TextField<T> name={name('complement')} label="Complément d’adresse" autoComplete="address-line2" className="sm:col-span-2" />
      <TextField<T> name={name('codePostal')} label="Code postal" required inputMode="numeric" autoComplete="postal-code" maxLength={5} inputClassName="max-w-32" />
      <SelectField<T>
        name={name('ville')}
        label="Ville"
        required
        help={searching ? 'Recherche des communes…' : typed ? undefined : 'Saisissez d’abord le code postal.'}
        placeholder={!typed ? 'Saisissez d’abord le code postal' : communes?.length === 0 ? 'Aucune commune pour ce code postal' : 'Choisissez la ville'}
        options={cities}
      />
    </fieldset>
  );
}
