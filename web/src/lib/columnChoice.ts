import { useCallback, useState } from 'react';

const PREFIX = 'xapa.columns';

function storageKey(userId: number | undefined, list: string): string {
  return `${PREFIX}.${userId ?? 'anyone'}.${list}`;
}

/** The stored choice, kept to known columns in the table's order; null when none (or unreadable). */
export function readChoice<K extends string>(key: string, all: readonly K[]): readonly K[] | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    if (!Array.isArray(stored)) return null;
    const chosen = all.filter((column) => stored.includes(column));
    return chosen.length > 0 ? chosen : null;
  } catch {
    return null;
  }
}

function writeChoice(key: string, chosen: readonly string[] | null): void {
  try {
    if (chosen === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(chosen));
  } catch {
    // storage disabled: the choice lasts until the page is left
  }
}

export interface ColumnChoice<K extends string> {
  /** The columns this user chose for the list, or null: the table picks what fits. */
  chosen: readonly K[] | null;
  choose: (columns: readonly K[]) => void;
  /** Back to what fits. */
  reset: () => void;
}

/** Which columns of a wide list the user `userId` wants, remembered in this browser for that user. */
export function useColumnChoice<K extends string>(list: string, all: readonly K[], userId: number | undefined): ColumnChoice<K> {
  const key = storageKey(userId, list);
  const [chosen, setChosen] = useState(() => readChoice(key, all));
  const choose = useCallback(
    (columns: readonly K[]) => {
      const ordered = all.filter((column) => columns.includes(column));
      writeChoice(key, ordered);
      setChosen(ordered);
    },
    [all, key],
  );
  const reset = useCallback(() => {
    writeChoice(key, null);
    setChosen(null);
  }, [key]);
  return { chosen, choose, reset };
}
