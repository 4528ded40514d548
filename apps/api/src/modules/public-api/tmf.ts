import type { FastifyReply } from 'fastify';
import type { Money } from '@ecare/shared';
import { PUBLIC_API_PREFIX } from '@ecare/shared';
import { parisInstant } from '@ecare/shared/paris-time';

/** A resource as every TMF answer names it. */
interface Resource {
  id: string;
  href: string;
  '@type': string;
}

/** The first-level attributes `fields=` names, with id, href and @type always kept (TMF630 §attribute selection). */
export function selectFields<T extends Resource>(resource: T, fields: string | undefined): T {
  if (fields === undefined || fields.trim() === '') return resource;
  const wanted = new Set(['id', 'href', '@type', ...fields.split(',').map((field) => field.trim())]);
  return Object.fromEntries(Object.entries(resource).filter(([key]) => wanted.has(key))) as T;
}

/** One page of a list: the items with the fields asked, X-Total-Count (all that match) and X-Result-Count (this page). */
export function sendPage<T extends Resource>(reply: FastifyReply, page: { total: number; items: T[] }, fields: string | undefined): T[] {
  reply.header('X-Total-Count', String(page.total));
  reply.header('X-Result-Count', String(page.items.length));
  return page.items.map((item) => selectFields(item, fields));
}

/** Cents as TMF money: euros, two decimals. */
export const euros = (cents: number): Money => ({ unit: 'EUR', value: Math.round(cents) / 100 });

/** A resource's own address. */
export const hrefOf = (path: string, id: string | number) => `${PUBLIC_API_PREFIX}${path}/${encodeURIComponent(String(id))}`;

/** A calendar day (YYYY-MM-DD) as the ISO date-time TMF dates are: its midnight in Paris. */
export const dayTime = (day: string) => parisInstant(day, 0).toISOString();
