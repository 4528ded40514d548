import { ChevronDown } from 'lucide-react';
import type { Key, ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';

export interface MenuAction {
  id: string;
  label: ReactNode;
  /** Plain-text name when `label` is not a string (icons, counts). */
  textValue?: string;
  /** In-app path or URL: the item is a link. */
  href?: string;
  isDisabled?: boolean;
}

interface MenuButtonProps {
  label: ReactNode;
  items: readonly MenuAction[];
  /** Called with the chosen item's id (items without href). */
  onAction?: (id: string) => void;
  className?: string;
}

const itemClass =
  'flex min-h-11 cursor-pointer items-center rounded-md px-3 py-2 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[focused]:bg-primary-soft data-[focused]:text-primary-strong';

/**
 * A button opening a list of actions (WAI-ARIA menu button: Enter, Space or arrows open it,
 * arrows move, Escape closes and gives focus back). For site navigation use links instead.
 */
export function MenuButton({ label, items, onAction, className = 'btn-secondary' }: MenuButtonProps) {
  return (
    <MenuTrigger>
      <Button className={className}>
        {label}
        <ChevronDown aria-hidden="true" className="size-4" />
      </Button>
      <Popover placement="bottom start" className="min-w-48 rounded-lg border border-line-soft bg-surface p-1 shadow-xl">
        <Menu className="outline-none" onAction={(key: Key) => onAction?.(String(key))}>
          {items.map((item) => (
            <MenuItem
              key={item.id}
              id={item.id}
              href={item.href}
              isDisabled={item.isDisabled}
              textValue={item.textValue ?? (typeof item.label === 'string' ? item.label : item.id)}
              className={itemClass}
            >
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
