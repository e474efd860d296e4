import type { PermissionRule } from '../../lib/permissions';
import { can } from '../../lib/permissions';
import { useSession } from './SessionContext';

/** Whether the signed-in user satisfies `rule` (see lib/permissions.ts). */
export function useCan(rule: PermissionRule): boolean {
  return can(useSession().user?.permissions, rule);
}
