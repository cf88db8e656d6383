import { backLink, type OrganisationJourney } from '@dis/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/back-link';
import { ErrorSummary, type SummaryError } from '../../components/error-summary';
import { ApiError } from '../../lib/api-client';
import { currentTime } from '../../lib/clock';
import { formFieldForPayloadPath, type StoredDraft } from './draft';

export interface StepPageProps {
  journey: OrganisationJourney;
  draft: StoredDraft;
  /** The path under the journey prefix (`applicant-address/manual`). */
  stepPath: string;
  edit: boolean;
}

/** Journey links carry the draft token, so a reload or a new tab finds the draft again. */
export function withToken(href: string, token: string): string {
  if (!href.startsWith('/csg-apply/')) return href;
  const url = new URL(href, 'http://app.invalid');
  url.searchParams.set('token', token);
  return `${url.pathname}${url.search}`;
}

export function journeyUrl(journey: OrganisationJourney, path: string, token: string, edit = false): string {
  return withToken(`${journey.basePath}/${path}${edit ? '?edit=true' : ''}`, token);
}

/** Now, for the walk and the date-of-birth rules: the same instant for every rule of one render. */
export function journeyContext() {
  return { now: currentTime() };
}

/**
 * A save refused by the server: its field errors (payload paths) against the page's own fields; any
 * other failure as "changes not saved".
 */
export function serverErrors(
  error: unknown,
  fields: readonly string[],
): { byField: Record<string, string>; general?: string } {
  if (!error) return { byField: {} };
  const byField: Record<string, string> = {};
  let general: string | undefined;
  if (error instanceof ApiError && error.fieldErrors && Object.keys(error.fieldErrors).length > 0) {
    for (const [path, key] of Object.entries(error.fieldErrors)) {
      const field = formFieldForPayloadPath(path);
      if (field && fields.includes(field)) byField[field] ??= key;
      else general ??= key;
    }
  } else {
    general = 'journeyPage.notSaved';
  }
  return general === undefined ? { byField } : { byField, general };
}

interface StepLayoutProps {
  journey: OrganisationJourney;
  draft: StoredDraft;
  /** The step id the back link is worked out from; omitted on pages after the review. */
  stepId?: string;
  backHref?: string;
  edit: boolean;
  errors: SummaryError[];
  children: ReactNode;
}

/** Back link, error summary and the two-thirds column every journey page shares. */
export function StepLayout({ journey, draft, stepId, backHref, edit, errors, children }: StepLayoutProps) {
  const { t } = useTranslation();
  const back = stepId
    ? backLink(journey, stepId, draft.answers, journeyContext(), { edit })
    : backHref
      ? { href: backHref, text: 'Back' as const }
      : undefined;
  return (
    <>
      {back && (
        <BackLink
          to={withToken(back.href, draft.token)}
          text={back.text === 'Back' ? t('common.back') : t('common.backToApplications')}
        />
      )}
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <ErrorSummary errors={errors} />
          {children}
        </div>
      </div>
    </>
  );
}
