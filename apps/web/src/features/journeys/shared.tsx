import {
  APPLICANT_STARTABLE_TYPES,
  applicantJourneyForType,
  backLink,
  isApplicantJourneyEnabled,
  startableTypesFor,
  type ApplicationTypeCode,
  type FeatureFlags,
  type JourneyContext,
  type Role,
} from '@dis/domain';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/button';
import { ErrorSummary, type SummaryError } from '../../components/error-summary';
import { FormToken } from '../../components/form-token';
import { LoadingPage } from '../../components/loading-page';
import { ApiError } from '../../lib/api-client';
import { currentTime } from '../../lib/clock';
import { formFieldForPayloadPath, type AnyJourney, type StoredDraft } from './draft';
import { Column } from '../../components/column';

/** How a journey the applicant starts themselves is chosen (not one an organisation started). */
export const BY_APPLICANT = { organisationInitiated: false };

/**
 * The types an applicant may start themselves whose journey is switched on: what /select-application offers, and
 * all its post accepts without JavaScript.
 */
export function applicantStartableTypes(roles: readonly Role[], flags: FeatureFlags): ApplicationTypeCode[] {
  return startableTypesFor(roles, flags).filter((code) => {
    if (!(APPLICANT_STARTABLE_TYPES as readonly string[]).includes(code)) return false;
    const journey = applicantJourneyForType(code, BY_APPLICANT);
    return journey !== null && isApplicantJourneyEnabled(journey, flags);
  });
}

export interface StepPageProps {
  journey: AnyJourney;
  draft: StoredDraft;
  /** The path under the journey prefix (`applicant-address/manual`). */
  stepPath: string;
  edit: boolean;
}

/** Journey links carry the draft token, so a reload or a new tab finds the draft again. */
export function withToken(href: string, token: string): string {
  if (!href.startsWith('/csg-apply/') && !href.startsWith('/applicant-apply/')) return href;
  const url = new URL(href, 'http://app.invalid');
  url.searchParams.set('token', token);
  return `${url.pathname}${url.search}`;
}

export function journeyUrl(journey: AnyJourney, path: string, token: string, edit = false): string {
  return withToken(`${journey.basePath}/${path}${edit ? '?edit=true' : ''}`, token);
}

/** A declaration submitted before the application has its reference: the error page that says so. */
export const MISSING_REFERENCE_PATH = '/error?code=application_reference_missing';

export function isMissingReference(error: unknown): boolean {
  return error instanceof ApiError && error.backendCode === 'MISSING_APPLICATION_REFERENCE';
}

/** The server's message on a declaration it refused: its message for the box, else a 400's own message. */
export function declarationServerMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.fieldErrors?.agreed ?? (error.status === 400 && error.message ? error.message : undefined);
}

export const DOB_MISMATCH = 'DOB_MISMATCH';
export const DOB_MISMATCH_ATTEMPTS_EXCEEDED = 'DOB_MISMATCH_ATTEMPTS_EXCEEDED';
export const DOB_MISMATCH_PATH = '/date-of-birth-mismatch';

/**
 * Now, for the walk and the date-of-birth rules (the same instant for every rule of one render), and the draft's
 * complete steps as the server found them, by which the page walks its journey before it has the step schemas
 * (decision 0077).
 */
export function journeyContext(draft?: StoredDraft): JourneyContext {
  const completeSteps = draft?.answers.completeSteps;
  return { now: currentTime(), ...(completeSteps ? { completeSteps } : {}) };
}

/**
 * The text of a journey key on this side: applicant pages may override an organisation wording under
 * `applicantJourney.*` (`journey.applicant-address.title` speaks of "the applicant"), else the key itself.
 */
export function useJourneyText(journey: AnyJourney): (key: string) => string {
  const { t } = useTranslation();
  return (key) => {
    const own = t(key, { defaultValue: '' });
    if (journey.side !== 'applicant') return own;
    return t(key.replace(/^journey\./, 'applicantJourney.'), { defaultValue: own });
  };
}

/**
 * A save refused by the server: its field errors (payload paths) against the page's own fields; any
 * other failure as "changes not saved".
 */
export function serverErrors(
  error: unknown,
  fields: readonly string[],
  side: AnyJourney['side'] = 'organisation',
): { byField: Record<string, string>; general?: string } {
  if (!error) return { byField: {} };
  const byField: Record<string, string> = {};
  let general: string | undefined;
  // Document 2 section 8: a date of birth that does not match the identity record is a form message.
  if (error instanceof ApiError && error.backendCode === DOB_MISMATCH && fields.includes('dateOfBirth')) {
    return { byField: { dateOfBirth: 'journeyPage.dobMismatch' } };
  }
  if (error instanceof ApiError && error.fieldErrors && Object.keys(error.fieldErrors).length > 0) {
    for (const [path, key] of Object.entries(error.fieldErrors)) {
      const field = formFieldForPayloadPath(path, side, fields);
      if (field && fields.includes(field)) byField[field] ??= key;
      else general ??= key;
    }
  } else {
    general = 'journeyPage.notSaved';
  }
  return general === undefined ? { byField } : { byField, general };
}

interface StepLayoutProps {
  journey: AnyJourney;
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
    ? backLink(journey, stepId, draft.answers, journeyContext(draft), { edit })
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
      <Column>
        <ErrorSummary errors={errors} />
        {children}
      </Column>
    </>
  );
}

/**
 * A page that changes something as it opens (starts a card payment, links an application), which a page load (a
 * GET) never does on the server: without JavaScript, `post` offers a button that posts it (the page's action does
 * the change); with it, a wait while the browser does.
 */
export function PostOrWait({
  title,
  post,
}: {
  title: string;
  post: { intro?: string; button: string } | undefined;
}) {
  return (
    <>
      <h1 className="govuk-heading-l">{title}</h1>
      {post ? (
        <>
          {post.intro && <p className="govuk-body">{post.intro}</p>}
          <form method="post" noValidate>
            <FormToken />
            <Button>{post.button}</Button>
          </form>
        </>
      ) : (
        <LoadingPage />
      )}
    </>
  );
}
