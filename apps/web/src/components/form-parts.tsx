import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';

export function ErrorMessage({ id, children }: { id: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="govuk-error-message">
      <span className="govuk-visually-hidden">{t('common.errorPrefix')}</span> {children}
    </p>
  );
}

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className="govuk-hint">
      {children}
    </div>
  );
}

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const value = ids.filter(Boolean).join(' ');
  return value || undefined;
}

export function formGroupClass(error: unknown): string {
  return error ? 'govuk-form-group govuk-form-group--error' : 'govuk-form-group';
}
