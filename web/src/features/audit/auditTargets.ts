/** "kind:id" targets and how each reads in words when the server has no name for it (deleted, or not looked up). */
const TARGET_WORDS: Readonly<Record<string, (rest: string) => string>> = {
  user: (id) => `User #${id}`,
  role: (id) => `Role #${id} (deleted)`,
  coin: (id) => `Token #${id}`,
  app_version: (id) => `App version #${id}`,
  approval: (id) => `Approval request #${id}`,
  audit: (id) => `Audit entry #${id}`,
  ip: (ip) => `Address ${ip}`,
  username: (name) => `"${name}" (no account)`,
  ingest_key: (id) => `Ingest key ${id}`,
  ingest_letter: (id) => `Failed event #${id}`,
};

/** Targets without an id. */
const NAMED_TARGETS: Readonly<Record<string, string>> = {
  promotion: 'The promotion',
  approval_policy: 'The approval policy',
  database: 'The database',
};

/** A target in words: the server's name for it (a user's email, a role's name), else what its kind and id say. */
export function targetText(target: string, label: string | null | undefined): string {
  if (label) return label;
  const named = NAMED_TARGETS[target];
  if (named) return named;
  const colon = target.indexOf(':');
  const words = colon > 0 ? TARGET_WORDS[target.slice(0, colon)] : undefined;
  return words ? words(target.slice(colon + 1)) : target;
}

