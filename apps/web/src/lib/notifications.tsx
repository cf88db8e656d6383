import { SUCCESS_NOTIFICATION_MS } from '@dis/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from './router';

export interface AppNotification {
  type: 'success' | 'error';
  heading: string;
  body?: string;
}

interface NotificationContextValue {
  current: AppNotification | undefined;
  notify(notification: AppNotification): void;
  dismiss(): void;
}

const NotificationContext = createContext<NotificationContextValue | undefined>(undefined);

/**
 * One page-level notification at a time. Success messages vanish after 2 seconds; error messages stay
 * until the user moves to another page (spec section 4).
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AppNotification>();
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  // Adjusted during render (React's pattern for state derived from a prop), so a stale error never
  // flashes on the next page.
  if (lastPath !== pathname) {
    setLastPath(pathname);
    if (current?.type === 'error') setCurrent(undefined);
  }

  const notify = useCallback((notification: AppNotification) => setCurrent(notification), []);
  const dismiss = useCallback(() => setCurrent(undefined), []);

  useEffect(() => {
    if (current?.type !== 'success') return undefined;
    const timer = setTimeout(() => setCurrent(undefined), SUCCESS_NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const value = useMemo(() => ({ current, notify, dismiss }), [current, notify, dismiss]);
  return <NotificationContext.Provider value={value}>{children}</NotificationContext.Provider>;
}

export function useNotifications(): NotificationContextValue {
  const value = useContext(NotificationContext);
  if (!value) throw new Error('useNotifications needs a NotificationProvider');
  return value;
}
