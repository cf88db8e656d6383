import { SUCCESS_NOTIFICATION_MS } from '@dis/domain';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react';

interface NotificationBannerProps {
  type?: 'success' | 'important' | 'error';
  heading: ReactNode;
  children?: ReactNode;
  /** Called when a success banner has been shown for its 2 seconds. */
  onTimeout?: () => void;
}

/**
 * govuk-frontend's notification banner. Success banners are announced (role=alert), take focus like the
 * Design System's script does, and ask to be removed after SUCCESS_NOTIFICATION_MS.
 */
export function NotificationBanner({
  type = 'important',
  heading,
  children,
  onTimeout,
}: NotificationBannerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const alert = type !== 'important';

  useEffect(() => {
    if (alert) ref.current?.focus();
  }, [alert]);

  useEffect(() => {
    if (type !== 'success' || !onTimeout) return undefined;
    const timer = setTimeout(onTimeout, SUCCESS_NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [type, onTimeout]);

  const title =
    type === 'success'
      ? t('common.success')
      : type === 'error'
        ? t('common.errorSummaryTitle')
        : t('common.important');
  return (
    <div
      ref={ref}
      className={`govuk-notification-banner${type === 'success' ? ' govuk-notification-banner--success' : ''}${type === 'error' ? ' app-notification-banner--error' : ''}`}
      role={alert ? 'alert' : 'region'}
      aria-labelledby={titleId}
      tabIndex={alert ? -1 : undefined}
    >
      <div className="govuk-notification-banner__header">
        <h2 className="govuk-notification-banner__title" id={titleId}>
          {title}
        </h2>
      </div>
      <div className="govuk-notification-banner__content">
        <p className="govuk-notification-banner__heading">{heading}</p>
        {children}
      </div>
    </div>
  );
}
