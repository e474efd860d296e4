/**
 * The actions' labels, as the server's catalogue (internal/approvals, Actions) names them. The catalogue comes with
 * the policy, which only ADMIN_APPROVAL_POLICY may read, so the list of requests names them from here; an action
 * this table lacks shows as its key.
 */
const ACTION_LABELS: Record<string, string> = {
  'role.create': 'Create a role',
  'role.edit': 'Edit a role',
  'role.delete': 'Delete a role',
  'role.set': 'Set the role of staff members',
  'role.remove_members': 'Remove members',
  'staff.create': 'Create a staff member',
  'user.edit': "Change another user's email, status or second factor",
  'token.create': 'Create a token',
  'token.edit': 'Edit a token',
  'promotion.save': 'Save the promotion',
  'approval_policy.save': 'Change the approval policy',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}
