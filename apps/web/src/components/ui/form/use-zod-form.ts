import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** What a field says when it is left empty, and when its value breaks the rule. */
export interface FieldMessage {
  required?: string;
  invalid: string;
}

export type FieldMessages<T> = Partial<Record<Extract<keyof T, string>, FieldMessage>>;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * zod error map that words every problem of a field with the form's own text: the rule comes
 * from the shared schema, the words from the form (the spec gives them per screen).
 */
export function messagesFor<T>(messages: FieldMessages<T>) {
  return (issue: { path?: PropertyKey[]; input?: unknown }): string | undefined => {
    const key = issue.path?.[0];
    const message = typeof key === 'string' ? messages[key as Extract<keyof T, string>] : undefined;
    if (!message) return undefined;
    return isBlank(issue.input) && message.required ? message.required : message.invalid;
  };
}

type ObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface ZodFormOptions<S extends ObjectSchema>
  extends Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> {
  defaultValues: DefaultValues<z.input<S>>;
  messages?: FieldMessages<z.input<S>>;
}

/**
 * react-hook-form checked by a schema of @ecare/shared. Errors show once a field is left
 * ('onTouched') and follow each keystroke after that; <Form> moves focus itself.
 */
export function useZodForm<S extends ObjectSchema>(
  schema: S,
  { messages = {}, mode = 'onTouched', ...options }: ZodFormOptions<S>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    mode,
    shouldFocusError: false,
    resolver: zodResolver(schema, { error: messagesFor(messages) }),
  });
}
