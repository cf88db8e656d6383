import {
  organisationDetailsReportSchema,
  organisationReportContracts,
  type OrganisationDetailsReport,
} from '@dis/domain/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '../../lib/query';
import { type FieldErrors } from 'react-hook-form';
import { useForm } from '../../lib/forms';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../lib/router';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { FormToken } from '../../components/form-token';
import { ErrorSummary } from '../../components/error-summary';
import { Fieldset } from '../../components/fieldset';
import { Input } from '../../components/input';
import { NotificationBanner } from '../../components/notification-banner';
import { ApiError } from '../../lib/api-client';
import { callEndpoint } from '../../lib/endpoint-client';
import { issuePathKeys } from '../../lib/form-issues';
import { formatDateTime } from '../../lib/format';
import type { PageAction } from '../../lib/page-action';
import { usePostedForm } from '../../lib/server-render';
import { fetchUser } from '../../lib/session';
import { useErrorText } from '../../i18n';

type ReportForm = z.input<typeof organisationDetailsReportSchema>;
type Reports = z.infer<typeof organisationReportContracts.list.response>;

const FIELDS = [
  'organisationName',
  'address.line1',
  'address.line2',
  'address.town',
  'address.county',
  'address.postcode',
  'address.country',
  'mainPhoneNumber',
  'emailAddress',
] as const;
type Field = (typeof FIELDS)[number];

const fieldId = (field: Field) => `report-${field.replace('.', '-')}`;

/** After a report sent without JavaScript, the page says so (`?report=sent`). */
const SENT_PARAM = 'report';
const PAGE = '/countersignatory-details';
const EMPTY: ReportForm = { address: { country: 'GB' } } as ReportForm;

const organisation = (orgCode: string) => ({ params: { orgCode } });

/** The form's values (its fields named as the form names them: `address.line1`) as the report it sends. */
function reportOf(value: (field: Field) => string): ReportForm {
  const address = Object.fromEntries(
    FIELDS.filter((field) => field.startsWith('address.')).map((field) => [
      field.slice('address.'.length),
      value(field),
    ]),
  );
  return {
    organisationName: value('organisationName'),
    address,
    mainPhoneNumber: value('mainPhoneNumber'),
    emailAddress: value('emailAddress'),
  } as ReportForm;
}

const textOf = (value: string | string[] | null | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? '';

/**
 * The report posted without JavaScript (decision 0038): the same schema and the same call as the form in the
 * browser, then the page again saying it was sent; a refused report the page again with the error summary and
 * nothing sent. The organisation is the signed-in countersignatory's own (the API checks they are its lead).
 */
export const organisationReportAction: PageAction = async ({ form }) => {
  const values = Object.fromEntries(FIELDS.map((field) => [field, textOf(form.get(field))]));
  const parsed = organisationDetailsReportSchema.safeParse(reportOf((field) => values[field] ?? ''));
  if (!parsed.success) return { posted: { values, errors: issuePathKeys(parsed.error.issues) } };
  const user = await fetchUser();
  const organisationCode = user?.countersignatoryDetails?.organisationCode;
  // Not a countersignatory of an organisation: the page itself says what they may do.
  if (!organisationCode) return { redirect: PAGE };
  try {
    await callEndpoint(organisationReportContracts.send, {
      ...organisation(organisationCode),
      body: parsed.data,
    });
  } catch (error) {
    // Signed out, or not the lead countersignatory: the page again says so.
    if (!(error instanceof ApiError) || [401, 403, 404].includes(error.status)) throw error;
    const fieldErrors = error.fieldErrors ?? {};
    return Object.keys(fieldErrors).length > 0
      ? { posted: { values, errors: fieldErrors } }
      : { posted: { values, errors: {}, general: 'organisationReport.error' } };
  }
  return { redirect: `${PAGE}?${SENT_PARAM}=sent` };
};

function messageOf(errors: FieldErrors<ReportForm>, field: Field): string | undefined {
  const [head, tail] = field.split('.') as [keyof ReportForm, string | undefined];
  const entry = errors[head] as Record<string, { message?: string }> | { message?: string } | undefined;
  if (!entry) return undefined;
  return tail
    ? (entry as Record<string, { message?: string }>)[tail]?.message
    : (entry as { message?: string }).message;
}

/** The lead countersignatory's report of corrected organisation details (spec 01 section 1). */
export function OrganisationReportForm({ organisationCode }: { organisationCode: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const client = useQueryClient();
  // A report posted without JavaScript: refused, it comes back with what was entered; sent, the page says so.
  const posted = usePostedForm();
  const [params] = useSearchParams();
  const sentWithoutScript = params.get(SENT_PARAM) === 'sent';
  const reports = useQuery({
    queryKey: ['organisation-reports', organisationCode],
    queryFn: (): Promise<Reports> =>
      callEndpoint(organisationReportContracts.list, organisation(organisationCode)),
  });
  const form = useForm<ReportForm>({
    resolver: zodResolver(organisationDetailsReportSchema),
    shouldFocusError: false,
    defaultValues: posted ? reportOf((field) => textOf(posted.values[field])) : EMPTY,
  });
  const send = useMutation({
    mutationFn: (body: OrganisationDetailsReport) =>
      callEndpoint(organisationReportContracts.send, { ...organisation(organisationCode), body }),
    onSuccess: async () => {
      form.reset(EMPTY);
      await client.invalidateQueries({ queryKey: ['organisation-reports', organisationCode] });
    },
  });

  const serverErrors = send.error instanceof ApiError ? (send.error.fieldErrors ?? {}) : {};
  const message = (field: Field) =>
    errorText(messageOf(form.formState.errors, field) ?? serverErrors[field] ?? posted?.errors[field]);
  const summary = FIELDS.flatMap((field) => {
    const text = message(field);
    return text ? [{ href: `#${fieldId(field)}`, text }] : [];
  });
  const failed = (send.isError || Boolean(posted?.general)) && summary.length === 0;
  const sent = send.isSuccess || (send.isIdle && sentWithoutScript);
  const latest = reports.data?.reports[0];

  const input = (field: Field, extra: Partial<Parameters<typeof Input>[0]> = {}) => (
    <Input
      id={fieldId(field)}
      label={t(`organisationReport.${field.replace('address.', '')}`)}
      error={message(field)}
      register={form.register(field)}
      {...extra}
    />
  );

  return (
    <section aria-labelledby="organisation-report-heading">
      <ErrorSummary errors={summary} />
      {sent && latest && (
        <NotificationBanner type="success" heading={t('organisationReport.sent')}>
          <p className="govuk-body">
            {t('organisationReport.sentBody', { date: formatDateTime(new Date(latest.sentAt)) })}
          </p>
        </NotificationBanner>
      )}
      {failed && <NotificationBanner type="error" heading={t('organisationReport.error')} />}
      <h2 className="govuk-heading-m" id="organisation-report-heading">
        {t('organisationReport.heading')}
      </h2>
      <p className="govuk-body">{t('organisationReport.intro')}</p>
      <form
        noValidate
        method="post"
        onSubmit={form.handleSubmit((values) => send.mutate(values as OrganisationDetailsReport))}
      >
        <FormToken />
        {input('organisationName', { autoComplete: 'organization' })}
        <Fieldset legend={t('organisationReport.addressLegend')} legendSize="s">
          {input('address.line1', { autoComplete: 'address-line1' })}
          {input('address.line2', { autoComplete: 'address-line2' })}
          {input('address.town', { autoComplete: 'address-level2', width: 'two-thirds' })}
          {input('address.county', { width: 'two-thirds' })}
          {input('address.postcode', { autoComplete: 'postal-code', width: '10' })}
          {input('address.country', { hint: t('organisationReport.countryHint'), width: '10' })}
        </Fieldset>
        {input('mainPhoneNumber', { type: 'tel', autoComplete: 'tel', width: '20' })}
        {input('emailAddress', { type: 'email', autoComplete: 'email', spellCheck: false })}
        <Button disabled={send.isPending}>{t('organisationReport.submit')}</Button>
      </form>
      {reports.data && reports.data.reports.length > 0 && (
        <>
          <h3 className="govuk-heading-s">{t('organisationReport.previous')}</h3>
          <ul className="govuk-list">
            {reports.data.reports.map((report) => (
              <li key={report.id}>
                {t('organisationReport.sentOn', {
                  date: formatDateTime(new Date(report.sentAt)),
                  name: report.organisationName,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
