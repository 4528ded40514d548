import { ChevronDown } from 'lucide-react';
import type { Key, ReactNode } from 'react';
import { Button, ComboBox, Input, ListBox, ListBoxItem, Popover} from 'react-aria-components';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { AriaFieldError, AriaFieldHelp, AriaFieldLabel } from './aria-field-parts.tsx';
import { useFieldId } from './field-ids.ts';

export interface ComboBoxOption {
  id: string;
  label: string;
}

interface ComboBoxFieldProps<T extends FieldValues> {
  /** Holds the chosen option's id, or null. */
  name: FieldPath<T>;
  label: ReactNode;
  options: readonly ComboBoxOption[];
  required?: boolean;
  help?: ReactNode;
  /** Shown in the list when nothing matches what was typed. */
  emptyText?: string;
}

/**
 * Type to filter, then choose (WAI-ARIA combobox from React Aria: arrows open and move, Enter
 * chooses, Escape closes), bound to a field of the enclosing <Form>.
 */
export function ComboBoxField<T extends FieldValues = FieldValues>({
  name,
  label,
  options,
  required = false,
  help,
  emptyText = 'Aucun résultat',
}: ComboBoxFieldProps<T>) {
  const { control } = useFormContext<T>();
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController<T>({ name, control });
  const error = fieldState.error?.message;
  return (
    <ComboBox
      id={useFieldId(name)}
      name={name}
      defaultItems={options}
      selectedKey={typeof value === 'string' ? value : null}
      onSelectionChange={(key: Key | null) => onChange(key === null ? null : String(key))}
      onBlur={onBlur}
      isRequired={required}
      isInvalid={error !== undefined}
      validationBehavior="aria"
      menuTrigger="focus"
      allowsEmptyCollection
    >
      <AriaFieldLabel required={required}>{label}</AriaFieldLabel>
      <AriaFieldHelp>{help}</AriaFieldHelp>
      <div className="relative">
        <Input ref={ref} className="field-input pr-12" />
        <Button className="absolute inset-y-0 right-0 inline-flex min-w-11 items-center justify-center rounded-r-md text-primary hover:bg-primary-soft">
          <ChevronDown aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <AriaFieldError error={error} />
      <Popover className="w-(--trigger-width) rounded-lg border border-line-soft bg-surface p-1 shadow-xl">
        <ListBox<ComboBoxOption>
          className="max-h-72 overflow-auto outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-muted">{emptyText}</p>}
        >
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={option.label}
              className="flex min-h-11 cursor-pointer items-center rounded-md px-3 py-2 data-[focused]:bg-primary-soft data-[selected]:font-semibold"
            >
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
