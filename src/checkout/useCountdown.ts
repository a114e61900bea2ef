import { useEffect, useState } from 'react';
import { remainingMs } from './countdown';

/**
 * The time left to `expiresAt` on the server's clock (./countdown.ts), ticking every second while it
 * runs; null for an order without an expiry, or when `running` is false (a final state).
 */
export function useCountdown(expiresAt: string | null, serverNow: string, receivedAt: number, running: boolean): number | null {
  const [localNow, setLocalNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running || expiresAt === null) return;
    setLocalNow(Date.now());
    const timer = window.setInterval(() => setLocalNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running, expiresAt, serverNow, receivedAt]);
  if (!running) return null;
  return remainingMs(expiresAt, serverNow, receivedAt, Math.max(localNow, receivedAt));
}
