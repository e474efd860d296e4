/**
 * The fields of a request's change as the forms that make it label them, so the Approvals screen never shows an
 * internal key (`invited.coin`). A field this table lacks shows as its key.
 */
const FIELD_LABELS: Record<string, string> = {
  // The promotion form.
  isEnabled: 'Promotion on',
  start: 'Start Date',
  end: 'End Date',
  waitingDays: 'Waiting Time (days)',
  'inviter.coin': 'Inviter Coin',
  'inviter.amount': 'Inviter Promotion Amount (USD)',
  'inviter.default': 'Inviter Default Amount (USD)',
  'invited.coin': 'Invited Coin',
  'invited.amount': 'Invited Promotion Amount (USD)',
  'invited.default': 'Invited Default Amount (USD)',
  minimum: 'Minimum Bonus',
  // The role form.
  role: 'Name',
  description: 'Description',
  permissions: 'Permissions',
  allowedNetworks: 'Networks',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** Whether a field holds a coin's id, which the screen shows by its symbol. */
export function isCoinField(field: string): boolean {
  return field === 'coin' || field.endsWith('.coin');
}
