import { createContext, useContext } from 'react';

/** Id prefix of the enclosing <Form>, so fields get stable ids the error summary can link to. */
export const FormIdContext = createContext<string | null>(null);

export function fieldIdFor(prefix: string, name: string): string {
  return `${prefix}-${name.replace(/[^\w-]/g, '-')}`;
}

/** Id of the control bound to `name` inside the enclosing <Form>, or undefined outside one. */
export function useFieldId(name: string): string | undefined {
  const prefix = useContext(FormIdContext);
  return prefix === null ? undefined : fieldIdFor(prefix, name);
}

/**
 * True while <Form> itself moves focus to an invalid field, so a field that clears its error on
 * focus keeps the message the reader is being sent to.
 */
export const FormAutoFocusContext = createContext<{ current: boolean }>({ current: false });
