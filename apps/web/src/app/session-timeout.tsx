import {
  SESSION_COUNTDOWN_SECONDS,
  SESSION_COUNTDOWN_STEP_MS,
  SESSION_KEEP_ALIVE_MS,
  SESSION_WARNING_MS,
  SIGN_OUT_REASONS,
} from '@dis/domain';
import { useQueryClient } from '../lib/query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Button, ButtonGroup } from '../components/button';
import { Modal } from '../components/modal';
import { keepSessionAlive, signOut } from '../lib/session';

/** Activity that counts as the user being there (spec section 4). */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel'] as const;

// Screen readers hear the countdown at these points rather than every second.
const ANNOUNCE_EVERY_SECONDS = 20;

/**
 * The service's tabs in one browser tell each other of activity (and of "Stay signed in"), so that a tab left alone
 * does not warn, and then sign out, someone who is working in another. Same origin only; the messages carry no
 * personal data and nothing is stored. Activity is told at most once a second.
 */
export const SESSION_CHANNEL = 'dis-session-activity';
const SHARE_ACTIVITY_EVERY_MS = 1000;
type ChannelMessage = { type: 'activity'; pinged: boolean } | { type: 'stay' };

interface SessionTimeoutProps {
  /** When the 4-hour absolute limit ends (ISO instant from user information). */
  expiryTime: string | undefined;
}

/**
 * After 29 minutes without activity a dialog counts down 60 seconds; at 0 the user is signed out as
 * "inactive for 30 minutes". At the server's expiry time the user is signed out as "active for 4 hours".
 * Time is always read from Date.now() and ticks come from setInterval, so a test clock can drive it.
 */
export function SessionTimeout({ expiryTime }: SessionTimeoutProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const titleId = useId();
  const bodyId = useId();
  // Signing in (or reloading) counts as activity, and the page load itself refreshed the server's timer.
  const [mountedAt] = useState(() => Date.now());
  const lastActivity = useRef(mountedAt);
  const lastPing = useRef(mountedAt);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const warning = secondsLeft !== null;
  const warningRef = useRef(false);
  const channelRef = useRef<BroadcastChannel | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  const end = useCallback(
    (reason?: (typeof SIGN_OUT_REASONS)[keyof typeof SIGN_OUT_REASONS]) => {
      setSigningOut(true);
      void signOut(client, reason);
    },
    [client],
  );

  useEffect(() => {
    warningRef.current = warning;
  }, [warning]);

  /** "Stay signed in", in this tab or another: the dialog closes and the 29 minutes start again from now. */
  const restartIdle = useCallback(() => {
    const now = Date.now();
    lastActivity.current = now;
    lastPing.current = now;
    warningRef.current = false;
    setSecondsLeft(null);
  }, []);

  useEffect(() => {
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null;
    channelRef.current = channel;
    let lastShared = 0;
    const onActivity = () => {
      // Once the dialog is up only "Stay signed in" keeps the session, so a stray mouse move cannot.
      if (warningRef.current) return;
      const now = Date.now();
      lastActivity.current = now;
      // At most once a minute: the server's idle limit allows for this interval (decision 0035), so it never ends
      // the session before this dialog has warned and counted down.
      const pinged = now - lastPing.current >= SESSION_KEEP_ALIVE_MS;
      if (pinged) {
        lastPing.current = now;
        void keepSessionAlive();
      }
      if (channel && (pinged || now - lastShared >= SHARE_ACTIVITY_EVERY_MS)) {
        lastShared = now;
        channel.postMessage({ type: 'activity', pinged } satisfies ChannelMessage);
      }
    };
    // Another tab's activity is this tab's (its dialog, once up, still waits for "Stay signed in" in some tab).
    const onMessage = (event: MessageEvent<ChannelMessage>) => {
      if (event.data?.type === 'stay') restartIdle();
      else if (event.data?.type === 'activity' && !warningRef.current) {
        const now = Date.now();
        lastActivity.current = now;
        if (event.data.pinged) lastPing.current = now;
      }
    };
    channel?.addEventListener('message', onMessage);
    ACTIVITY_EVENTS.forEach((name) =>
      window.addEventListener(name, onActivity, { passive: true, capture: true }),
    );
    return () => {
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity, { capture: true }));
      channel?.close();
      channelRef.current = null;
    };
  }, [restartIdle]);

  useEffect(() => {
    if (signingOut) return undefined;
    const expiresAt = expiryTime ? Date.parse(expiryTime) : Number.NaN;
    const tick = () => {
      const now = Date.now();
      if (!Number.isNaN(expiresAt) && now >= expiresAt) {
        end(SIGN_OUT_REASONS.maxDuration);
        return;
      }
      const warnAt = lastActivity.current + SESSION_WARNING_MS;
      if (now < warnAt) {
        setSecondsLeft(null);
        return;
      }
      // Counted from when the warning was due, so a computer waking from sleep signs out straight away.
      const left = SESSION_COUNTDOWN_SECONDS - Math.floor((now - warnAt) / SESSION_COUNTDOWN_STEP_MS);
      if (left <= 0) {
        end(SIGN_OUT_REASONS.inactive);
        return;
      }
      setSecondsLeft(left);
    };
    tick();
    const timer = setInterval(tick, SESSION_COUNTDOWN_STEP_MS);
    return () => clearInterval(timer);
  }, [expiryTime, end, signingOut]);

  const stay = () => {
    restartIdle();
    channelRef.current?.postMessage({ type: 'stay' } satisfies ChannelMessage);
    void keepSessionAlive().then((alive) => {
      if (!alive) end(SIGN_OUT_REASONS.inactive);
    });
  };

  if (!warning && !signingOut) return null;
  if (signingOut) {
    return (
      <p className="govuk-visually-hidden" role="status">
        {t('session.signingOut')}
      </p>
    );
  }

  const time = t('session.seconds', { count: secondsLeft ?? 0 });
  const announced = Math.ceil((secondsLeft ?? 0) / ANNOUNCE_EVERY_SECONDS) * ANNOUNCE_EVERY_SECONDS;
  return (
    <Modal titleId={titleId} descriptionId={bodyId}>
      <h2 className="govuk-heading-m" id={titleId}>
        {t('session.dialogTitle')}
      </h2>
      <div id={bodyId}>
        <p className="govuk-body" aria-hidden="true">
          {t('session.dialogBody', { time })}
        </p>
        <p className="govuk-visually-hidden" aria-live="polite">
          {t('session.dialogBody', {
            time: t('session.seconds', { count: Math.min(announced, SESSION_COUNTDOWN_SECONDS) }),
          })}
        </p>
        <p className="govuk-body">{t('session.dialogBodyHelp')}</p>
      </div>
      <ButtonGroup>
        <Button type="button" onClick={stay}>
          {t('session.stay')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => end()}>
          {t('session.signOut')}
        </Button>
      </ButtonGroup>
    </Modal>
  );
}
