import { SkipLink as GovukSkipLink } from 'govuk-frontend';
import { useRef } from 'react';
import { useTranslation } from '../i18n/react';
import { useGovukModule } from './use-govuk-module';

export function SkipLink() {
  const { t } = useTranslation();
  const ref = useRef<HTMLAnchorElement>(null);
  // The module makes <main> focusable for the jump, so screen readers start reading there.
  useGovukModule(ref, GovukSkipLink);
  return (
    <a ref={ref} href="#main-content" className="govuk-skip-link" data-module="govuk-skip-link">
      {t('skipLink')}
    </a>
  );
}
