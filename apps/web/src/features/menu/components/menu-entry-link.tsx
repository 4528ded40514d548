import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { guardedEntry, isExternalUrl, type GuardedEntryName } from '../utils/menu-rules.ts';

export type GuardedNavigate = (entry: GuardedEntryName, url: string) => void;

interface MenuEntryLinkProps {
  nom: string;
  url: string;
  className?: string;
  onGuardedNavigate: GuardedNavigate;
  onNavigate?: () => void;
  /** Replaces the visible text (an image link); `nom` still names the guarded entry. */
  children?: ReactNode;
}

function inAppPath(url: string): string {
  const trimmed = url.trim();
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * One menu destination: http(s) URLs open outside, the add-line / new-phone / plan-change
 * entries go through `onGuardedNavigate`, everything else is an in-app route.
 */
export function MenuEntryLink({ nom, url, className, onGuardedNavigate, onNavigate, children }: MenuEntryLinkProps) {
  const content = children ?? nom;
  if (isExternalUrl(url)) {
    return (
      <ExternalLink href={url.trim()} className={className}>
        {content}
      </ExternalLink>
    );
  }
  const path = inAppPath(url);
  const guarded = guardedEntry(nom);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (guarded) {
      event.preventDefault();
      onGuardedNavigate(guarded, path);
    }
    onNavigate?.();
  };
  return (
    <Link to={path} className={className} onClick={handleClick}>
      {content}
    </Link>
  );
}
