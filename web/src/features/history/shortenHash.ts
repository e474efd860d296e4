/** `0x12ab…90ff`: the first and last `keep` characters of a long hash. */
export function shortenHash(hash: string, keep = 6): string {
  return hash.length <= keep * 2 + 1 ? hash : `${hash.slice(0, keep)}…${hash.slice(-keep)}`;
}
