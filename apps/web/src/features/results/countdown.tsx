import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { currentTime } from '../../lib/clock';
import { useHydrated } from '../../lib/server-render';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Whole minutes and seconds left, rounded up to the second (what the visible timer shows). */
export function splitRemaining(remainingMs: number): { minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(remainingMs / SECOND));
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}

/**
 * What a screen reader is told, changing only now and then so the announcements do not drown the page:
 * each whole minute, then at 30 and 10 seconds. Same value means nothing new to announce.
 */
export function announcementStep(remainingMs: number): { minutes: number } | { seconds: number } {
  if (remainingMs > MINUTE) return { minutes: Math.ceil(remainingMs / MINUTE) };
  if (remainingMs > 30 * SECOND) return { minutes: 1 };
  if (remainingMs > 10 * SECOND) return { seconds: 30 };
  return { seconds: 10 };
}

interface CountdownProps {
  /** The instant (client clock) at which the time ends. */
  endsAt: number;
  /** The time left when the server answered: what the page says before the browser's clock takes over. */
  remainingMs: number;
  onEnd: () => void;
}

/**
 * A visible timer counting down to `endsAt`, announced politely at intervals; calls onEnd once at zero. Rendered
 * on the server (and so without JavaScript, where the server refuses the result once the time is up) it is the
 * time left when the page was made; the browser's clock counts only after hydration (decision 0038).
 */
export function Countdown({ endsAt, remainingMs, onEnd }: CountdownProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => currentTime().getTime());
  const ended = useRef(false);
  const remaining = hydrated ? Math.max(0, endsAt - now) : remainingMs;

  useEffect(() => {
    const timer = setInterval(() => setNow(currentTime().getTime()), SECOND);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!hydrated || remaining > 0 || ended.current) return;
    ended.current = true;
    onEnd();
  }, [hydrated, remaining, onEnd]);

  const { minutes, seconds } = splitRemaining(remaining);
  const time = [
    minutes > 0 ? t('results.basic.minutes', { count: minutes }) : '',
    t('results.basic.seconds', { count: seconds }),
  ]
    .filter(Boolean)
    .join(' ');
  const step = announcementStep(remaining);
  const spoken =
    'minutes' in step
      ? t('results.basic.minutes', { count: step.minutes })
      : t('results.basic.seconds', { count: step.seconds });

  return (
    <div className="govuk-inset-text app-countdown">
      <p className="govuk-body govuk-!-font-weight-bold govuk-!-margin-bottom-0" role="timer" aria-live="off">
        {t('results.basic.timer', { time })}
      </p>
      <p className="govuk-visually-hidden" aria-live="polite" aria-atomic="true">
        {t('results.basic.announce', { time: spoken })}
      </p>
    </div>
  );
}
