import { LINE_MAX_QUANTITY } from '@ecare/shared/add-line';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { TextField, type TextFieldProps } from '../../../components/ui/form/text-field.tsx';

const QUANTITY_INVALID = `Indiquez un nombre de lignes entre 1 et ${LINE_MAX_QUANTITY}.`;

/** The number of identical lines of a cart line, as typed: 1 to 100. */
export const quantityText = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, QUANTITY_INVALID)
  .refine((value) => Number(value) >= 1 && Number(value) <= LINE_MAX_QUANTITY, QUANTITY_INVALID);

/** The field of that number, in the enclosing <Form>. */
export function QuantityField<T extends FieldValues>({ label, ...props }: Omit<TextFieldProps<T>, 'type' | 'label'> & { label: ReactNode }) {
  return <TextField<T> {...props} label={label} type="number" inputMode="numeric" min={1} max={LINE_MAX_QUANTITY} />;
}
