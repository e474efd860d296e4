import { useEffect, useState } from 'react';

/** Milliseconds left as `3d 04:05:06` (whole seconds, rounded up so the display never shows 0 too early). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/**
 * What is left of `totalMs` counted from `since` (epoch ms, when the server said it), ticking each second while
 * above zero. 0 when off.
 */
export function useCountdown(totalMs: number, since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (totalMs <= 0) return undefined;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current - since >= totalMs) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [totalMs, since]);
  return Math.min(totalMs, Math.max(0, totalMs - (now - since)));
}
