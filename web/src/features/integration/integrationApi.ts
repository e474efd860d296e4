/**
 * The calls of the Integration screen (ADMIN_INTEGRATION): the flow both ways (`/api/admin/integration`), the core's
 * events kept aside (`/api/admin/integration/letters`: retry, or discard with a reason) and the commands to the core
 * (`/api/admin/integration/commands`).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import type { GetQuery, GetReply, PostReply } from '../../lib/apiTypes';

export type IntegrationSummary = GetReply<'/api/admin/integration'>;
export type LettersPage = GetReply<'/api/admin/integration/letters'>;
export type Letter = LettersPage['letters'][number];
export type CommandsPage = GetReply<'/api/admin/integration/commands'>;
export type Command = CommandsPage['commands'][number];

export const integrationKeys = {
  all: ['integration'] as const,
  summary: ['integration', 'summary'] as const,
  letters: ['integration', 'letters'] as const,
  commands: ['integration', 'commands'] as const,
};

/** How often the screen reads the flow again: ages and counts move while it is open. */
export const REFRESH_MS = 10_000;

export const summaryQuery = queryOptions({
  queryKey: integrationKeys.summary,
  queryFn: ({ signal }) => apiGet('/api/admin/integration', { signal }),
  refetchInterval: REFRESH_MS,
});

/** One page of the events kept aside, newest first (state: held, dead, or '' for both). */
export function lettersQuery(query: GetQuery<'/api/admin/integration/letters'>) {
  return queryOptions({
    queryKey: [...integrationKeys.letters, query],
    queryFn: ({ signal }) => apiGet('/api/admin/integration/letters', { params: { query }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** One page of the commands to the core, newest first (state: waiting, failing, delivered, applied, rejected or ''). */
export function commandsQuery(query: GetQuery<'/api/admin/integration/commands'>) {
  return queryOptions({
    queryKey: [...integrationKeys.commands, query],
    queryFn: ({ signal }) => apiGet('/api/admin/integration/commands', { params: { query }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** Applies an event kept aside again, as if it arrived now: what it became (applied, held, rejected…). */
export function retryLetter(id: number): Promise<PostReply<'/api/admin/integration/letters/{id}/retry'>> {
  return apiPost('/api/admin/integration/letters/{id}/retry', { params: { path: { id } } });
}

/** Drops an event kept aside for good, with the reason (audited; a fresh step-up is asked for by the call itself). */
export function discardLetter(id: number, reason: string): Promise<void> {
  return apiPost('/api/admin/integration/letters/{id}/discard', { params: { path: { id } }, body: { reason } });
}
