import type { LucideIcon } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { Button, Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';

interface TooltipProps {
  content: ReactNode;
  /** A React Aria focusable element (Button, Link, or wrapped in <Focusable>). */
  children: ReactElement;
  placement?: 'top' | 'bottom' | 'start' | 'end';
}

/** A short hint shown on hover and on keyboard focus, closed by Escape (WAI-ARIA tooltip). */
export function Tooltip({ content, children, placement = 'top' }: TooltipProps) {
  return (
    <TooltipTrigger delay={500}>
      {children}
      <AriaTooltip placement={placement} offset={6} className="max-w-xs rounded-md bg-ink px-3 py-1.5 text-sm text-white shadow-lg">
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}

interface IconButtonProps {
  /** Accessible name, also shown as the tooltip. */
  label: string;
  icon: LucideIcon;
  onPress: () => void;
  isDisabled?: boolean;
}

/** An icon-only button: named for assistive technology, its name shown as a tooltip. */
export function IconButton({ label, icon: Icon, onPress, isDisabled }: IconButtonProps) {
  return (
    <Tooltip content={label}>
      <Button
        aria-label={label}
        onPress={onPress}
        isDisabled={isDisabled}
        className="inline-flex size-11 items-center justify-center rounded-md text-primary hover:bg-primary-soft disabled:opacity-60"
      >
        <Icon aria-hidden="true" className="size-5" />
      </Button>
    </Tooltip>
  );
}
