import { describe, expect, it } from 'vitest';
import openapiText from '../../../docs/openapi.json?raw';
import type { PermissionRule } from '../lib/permissions';
import { can } from '../lib/permissions';
import { APP_ROUTES } from './routeTable';

/**
 * The screens' rules (routeTable.ts) against the server's (the `x-permission` of each operation in
 * docs/openapi.json, built from internal/httpapi/routes.go). Each screen names the calls that fill it; whoever may
 * open the screen must be allowed every one of them, and, unless the screen is marked `narrower`, whoever may make
 * them all may open the screen. So a rule changed on one side only fails here.
 */
interface ScreenCalls {
  calls: readonly string[];
  /** The screen asks for more than its calls do (the calls also serve other screens). */
  narrower?: boolean;
}

const SCREEN_CALLS: Record<string, ScreenCalls> = {
  // The dashboard opens for everyone; each of its widgets has its own rule (features/dashboard).
  '/': { calls: [] },
  '/history': {
    calls: [
      'get /api/admin/transactions/history',
      'get /api/admin/transactions/history/CSV',
      'get /api/admin/transactions/history/search',
    ],
  },
  '/usermanagement': { calls: ['get /api/admin/users'] },
  '/exchange': { calls: [] },
  '/mywallet': { calls: [] },
  '/security': {
    calls: [
      'get /api/user/sessions',
      'delete /api/user/sessions/{id}',
      'post /api/user/sessions/revoke-others',
      'post /api/user/password',
      'post /api/user/2fa/googleAuthenticator/status',
    ],
  },
  '/members': { calls: ['get /api/admin/users'] },
  // GET /api/admin/roles also fills the set-role choice of the member lists, so it opens to ADMIN_ADD_USER_ROLE too.
  '/roles': { calls: ['get /api/admin/roles', 'get /api/admin/roles/permissions'], narrower: true },
  '/changelog': { calls: ['get /api/admin/app_versions', 'get /api/admin/app_versions/groups'] },
  '/promotion': { calls: ['get /api/admin/promotion'] },
  '/tokens': { calls: ['get /api/admin/coins/tokens'] },
  '/blacklist': { calls: ['get /api/admin/exchange/blackList'] },
  '/audit': { calls: ['get /api/admin/audit', 'get /api/admin/audit/CSV'] },
  '/sessions': { calls: ['get /api/admin/sessions', 'delete /api/admin/sessions/{id}'] },
  // The policy's calls (ADMIN_APPROVAL_POLICY) fill a part of the screen that only their holders see.
  '/approvals': {
    calls: [
      'get /api/admin/approvals',
      'post /api/admin/approvals/{id}/approve',
      'post /api/admin/approvals/{id}/reject',
      'post /api/admin/approvals/{id}/withdraw',
    ],
  },
  '/integration': {
    calls: [
      'get /api/admin/integration',
      'get /api/admin/integration/letters',
      'get /api/admin/integration/commands',
      'post /api/admin/integration/letters/{id}/retry',
      'post /api/admin/integration/letters/{id}/discard',
    ],
  },
  '/xapareport': { calls: ['get /api/admin/transactions/accounting', 'get /api/admin/users/accounting'] },
  '/bonusreport': { calls: ['get /api/admin/wallets/report', 'get /api/admin/wallets/report/CSV'] },
  '/exchangereport': { calls: ['get /api/admin/exchange/history', 'get /api/admin/exchange/history/CSV'] },
  '/userprofile/:id': {
    calls: [
      'get /api/admin/users/{id}',
      'get /api/admin/users/brief/{id}',
      'get /api/admin/users/invites/{id}',
      'get /api/admin/users/sessions/{id}',
      'get /api/admin/users/wallets/{id}',
      'get /api/admin/users/report/{id}',
    ],
  },
};

interface ServerRule {
  public?: boolean;
  tokens?: string[];
  all?: string[];
  any?: string[];
}

type Operations = Record<string, Record<string, { 'x-permission'?: ServerRule }>>;

const operations = (JSON.parse(openapiText) as { paths: Operations }).paths;

function serverRule(call: string): ServerRule {
  const [method, path] = call.split(' ');
  const rule = operations[path]?.[method]?.['x-permission'];
  if (!rule) throw new Error(`${call} is not an operation of docs/openapi.json`);
  return rule;
}

/** What the server lets a full (signed-in, second factor given) token holding `held` do. */
function serverAllows(rule: ServerRule, held: readonly string[]): boolean {
  if (rule.public) return true;
  if (!rule.tokens?.includes('full')) return false;
  if (rule.all && !rule.all.every((key) => held.includes(key))) return false;
  if (rule.any && !rule.any.some((key) => held.includes(key))) return false;
  return true;
}

function keysOf(rule: PermissionRule): string[] {
  if (rule === null || rule === undefined) return [];
  if (typeof rule === 'string') return [rule];
  if ('anyOf' in rule) return [...rule.anyOf];
  return [...rule];
}

/** Every subset of `keys`: the permission sets that tell two rules over them apart. */
function subsets(keys: readonly string[]): string[][] {
  return keys.reduce<string[][]>((sets, key) => sets.concat(sets.map((set) => [...set, key])), [[]]);
}

describe('screen rules against the server', () => {
  it('names the calls of every screen, and only of screens that exist', () => {
    expect(Object.keys(SCREEN_CALLS).sort()).toEqual(APP_ROUTES.map((route) => route.path).sort());
  });

  it.each(APP_ROUTES.map((route) => [route.path, route.rule] as const))(
    '%s opens for exactly the staff its calls allow',
    (path, rule) => {
      const { calls, narrower } = SCREEN_CALLS[path];
      const rules = calls.map(serverRule);
      const keys = [...new Set([...keysOf(rule), ...rules.flatMap((r) => [...(r.all ?? []), ...(r.any ?? [])])])];
      for (const held of subsets(keys)) {
        const opens = can(held, rule);
        const callable = rules.every((r) => serverAllows(r, held));
        if (opens) expect({ held, callable }).toEqual({ held, callable: true });
        if (!narrower && calls.length > 0) expect({ held, opens }).toEqual({ held, opens: callable });
      }
    },
  );
});
