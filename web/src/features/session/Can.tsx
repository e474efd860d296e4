import type { ReactNode } from 'react';
import type { PermissionRule } from '../../lib/permissions';
import { useCan } from './useCan';

interface CanProps {
  rule: PermissionRule;
  children: ReactNode;
  /** Shown instead when the rule does not pass (default: nothing). */
  fallback?: ReactNode;
}

/** Renders `children` only for a user who satisfies `rule`: wrap every gated widget or button in it. */
export function Can({ rule, children, fallback = null }: CanProps) {
  return useCan(rule) ? children : fallback;
}
