/** How long ago `at` was, on the server's clock `now`, in words a glance reads: "12 s", "4 min", "3 h", "2 d". */
export function ageText(now: string, at: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(now) - Date.parse(at)) / 1000));
  if (Number.isNaN(seconds)) return '—';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
}

/** The statuses of the core's events, in the order the summary shows them. */
export const EVENT_STATUSES = ['applied', 'duplicate', 'stale', 'held', 'rejected'] as const;

/** What each state of a command means to an operator. */
export const COMMAND_STATE_LABELS: Record<string, string> = {
  waiting: 'Waiting',
  delivered: 'Pending at core',
  applied: 'Applied',
  rejected: 'Rejected',
};

export const COMMAND_STATE_COLORS: Record<string, string> = {
  waiting: 'gold',
  delivered: 'blue',
  applied: 'green',
  rejected: 'red',
};
