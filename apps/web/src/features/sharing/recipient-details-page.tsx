import { formatAddress, type AddressAnswer } from '@dis/domain';
import { SummaryList } from '../../components/content';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { type Resolver } from 'react-hook-form';
import { useForm } from '../../lib/forms';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Navigate } from '../../lib/navigate';
import type { z } from 'zod';
import { AddressLookup, UNITED_KINGDOM } from '../../components/address-lookup';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/button';
import { FormToken } from '../../components/form-token';
import { ErrorSummary, type SummaryError } from '../../components/error-summary';
import { Input } from '../../components/input';
import { usePageTitle } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { collect, usePageRender, usePostedForm } from '../../lib/server-render';
import { useShareThirdParty } from './api';
import { recipientDetailsPath, recipientShareSuccessPath, resultPagePath } from './paths';
import {
  BASIC_FIELDS,
  carriedAddress,
  carriedDetails,
  carriedValues,
  contactSchema,
  DETAIL_FIELDS,
  detailsSchema,
  MANUAL_FIELDS,
  manualSchema,
  RECIPIENT_VIEWS,
  VIEW_FIELD,
  type DetailField,
  type Details,
  type ManualAddressValue,
  type RecipientView,
} from './recipient-form';
import { Column, Refused, useShareFailure, useShareStep } from './share-pages';

// /share/recipient-details (spec 02 sections 4 and 5): a Level 1 not-countersigned or B2B result is shared with
// a named recipient. Views of one page, kept in this page's memory only (nothing personal in browser storage):
// the recipient's details, their address by postcode lookup or typed in, then a check of both before sharing. The server checks everything again; its field errors come back against the fields.
// Without JavaScript each view's form carries the answers given so far as hidden fields, and the server answers
// each post with the next view (its action: recipientDetailsAction, decision 0044).

type DetailsForm = z.input<typeof detailsSchema>;
type ManualForm = z.input<typeof manualSchema>;

/** The hidden fields a view's form posts: its view, and the answers it carries to the next. */
function Carried({ view, values }: { view: RecipientView; values: Record<string, string> }) {
  return (
    <>
      <input type="hidden" name={VIEW_FIELD} value={view} />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A button that posts the carried answers (without JavaScript, where a link would lose them). */
function CarryingButton({
  view,
  values,
  action,
  children,
}: {
  view: RecipientView;
  values: Record<string, string>;
  action: string;
  children: ReactNode;
}) {
  return (
    <form noValidate method="post">
      <FormToken />
      <Carried view={view} values={values} />
      <Button variant="secondary" name="_action" value={action}>
        {children}
      </Button>
    </form>
  );
}

/** Only the answers given (the empty fields a form carried left out). */
const given = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;

/** The server's field errors of a failed share, split into the details' and the address's. */
function serverFieldErrors(error: unknown) {
  const fields = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
  const details: Record<string, string> = {};
  const address: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    if (path.startsWith('recipientAddress'))
      address[path.replace(/^recipientAddress\.?/, '') || 'line1'] = message;
    else details[path] = message;
  }
  return { details, address };
}

export function RecipientDetailsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // A form posted without JavaScript: the server answers with the view it leads to and the answers it carries.
  const posted = usePostedForm();
  const postedView = RECIPIENT_VIEWS.find((view) => view === posted?.view);
  const step = postedView ? (postedView === 'details' ? null : postedView) : search.get('step');
  const { resultId, options, fallback } = useShareStep('recipient-details');
  const share = useShareThirdParty(resultId);
  const failure = useShareFailure(
    resultId,
    share.isError && !hasFieldErrors(share.error) ? share.error : null,
  );
  const carried = posted && postedView !== 'details' ? posted.values : undefined;
  const [details, setDetails] = useState<Details | undefined>(() =>
    carried ? (given(carriedDetails(carried, DETAIL_FIELDS)) as Details) : undefined,
  );
  const basic = options?.disclosureTypeShortCode === 'BD';
  const fields: readonly DetailField[] = basic ? BASIC_FIELDS : DETAIL_FIELDS;
  const [address, setAddress] = useState<ManualAddressValue | undefined>(() =>
    carried ? (carriedAddress(carried) as ManualAddressValue | undefined) : undefined,
  );
  const render = usePageRender();
  const title = t(
    step === 'address'
      ? 'sharing.recipient.addressTitle'
      : step === 'manual'
        ? 'sharing.recipient.manualTitle'
        : step === 'check'
          ? 'sharing.recipient.checkTitle'
          : basic
            ? 'sharing.recipient.basicTitle'
            : 'sharing.recipient.title',
  );
  usePageTitle(title);
  if (fallback || !options) return fallback;
  if (!options.allowed && !share.isSuccess) return <Refused resultId={resultId} code={options.refusal} />;
  // The address views need the details first (a reload forgets them: they are never stored in the browser).
  if ((step && !details) || (step === 'check' && !address && !basic))
    return <Navigate to={recipientDetailsPath(resultId)} replace />;
  // A post answered with the next view is not a refusal: 200, not the 400 of a form with problems.
  if (posted && Object.keys(posted.errors).length === 0 && !posted.general) collect(render, { status: 200 });

  const server = serverFieldErrors(share.error);
  const postedErrors = Object.fromEntries(
    Object.entries(posted?.errors ?? {}).map(([name, key]) => [name, errorText(key) ?? key]),
  );
  const carrying = carriedValues(details, address);
  const chosen = (picked: AddressAnswer | ManualAddressValue) => {
    const { line1, line2, town, county, postcode, country } = picked as ManualAddressValue;
    setAddress({ line1, line2, town, county, postcode, country });
    share.reset();
    void navigate(recipientDetailsPath(resultId, 'check'));
  };
  const send = () => {
    if (!details || (!address && !basic)) return;
    share.mutate(
      basic || !address
        ? { ...details }
        : {
            ...details,
            recipientAddress: Object.fromEntries(
              Object.entries(address).filter(([, value]) => value !== undefined && value !== ''),
            ),
          },
      {
        onSuccess: () => void navigate(recipientShareSuccessPath(resultId), { replace: true }),
        onError: (error) => {
          // A detail or the address the server refused: back to it, with its message against the field.
          const refused = serverFieldErrors(error);
          if (Object.keys(refused.details).length > 0) void navigate(recipientDetailsPath(resultId));
          else if (Object.keys(refused.address).length > 0)
            void navigate(recipientDetailsPath(resultId, 'manual'));
        },
      },
    );
  };
  const refusal = failure ?? (posted?.general ? errorText(posted.general) : undefined);
  const general: SummaryError[] = refusal ? [{ href: '#main-content', text: refusal }] : [];

  if (step === 'address')
    return (
      <>
        <BackLink to={recipientDetailsPath(resultId)} text={t('common.back')} />
        <Column>
          <AddressLookup
            title={title}
            manualHref={recipientDetailsPath(resultId, 'manual')}
            saving={false}
            saveErrors={[]}
            hiddenFields={<Carried view="address" values={carrying} />}
            manualEntry={
              posted && (
                <CarryingButton view="address" values={carrying} action="manual">
                  {t('address.enterManually')}
                </CarryingButton>
              )
            }
            onSelect={chosen}
          />
        </Column>
      </>
    );
  if (step === 'manual')
    return (
      <ManualAddress
        resultId={resultId}
        title={title}
        initial={postedView === 'manual' ? postedManual(posted?.values ?? {}) : address}
        serverErrors={{ ...server.address, ...postedErrors }}
        carrying={carriedValues(details, undefined)}
        withoutScript={Boolean(posted)}
        onSubmit={chosen}
      />
    );
  if (step === 'check' && details && (address || basic))
    return (
      <>
        <BackLink
          to={recipientDetailsPath(resultId, basic ? undefined : 'address')}
          text={t('common.back')}
        />
        <Column>
          <ErrorSummary errors={general} />
          <h1 className="govuk-heading-l">{title}</h1>
          <SummaryList
            rows={[
              ...fields.map((name) => ({
                key: t(`sharing.recipient.fields.${name}.label`),
                value: details[name],
              })),
              ...(address && !basic
                ? [{ key: t('sharing.recipient.addressLabel'), value: formatAddress(address) }]
                : []),
            ]}
          />
          {posted ? (
            // Without JavaScript a change is a post carrying the answers (a link would lose them).
            <div className="govuk-button-group">
              <CarryingButton view="check" values={carrying} action="change-details">
                {t('sharing.recipient.changeDetails')}
              </CarryingButton>
              {!basic && (
                <CarryingButton view="check" values={carrying} action="change-address">
                  {t('sharing.recipient.changeAddress')}
                </CarryingButton>
              )}
            </div>
          ) : (
            // Links within the page (a full page load would forget the details, which are kept nowhere else).
            <ul className="govuk-list">
              <li>
                <Link className="govuk-link" to={recipientDetailsPath(resultId)}>
                  {t('sharing.recipient.changeDetails')}
                </Link>
              </li>
              {!basic && (
                <li>
                  <Link className="govuk-link" to={recipientDetailsPath(resultId, 'address')}>
                    {t('sharing.recipient.changeAddress')}
                  </Link>
                </li>
              )}
            </ul>
          )}
          <p className="govuk-body">{t('sharing.recipient.checkBody')}</p>
          <form
            noValidate
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <FormToken />
            <Carried view="check" values={carrying} />
            <Button id="share-button" disabled={share.isPending} name="_action" value="share">
              {t('sharing.share.submit')}
            </Button>
          </form>
        </Column>
      </>
    );
  return (
    <DetailsView
      resultId={resultId}
      title={title}
      basic={basic}
      initial={postedView === 'details' ? given(carriedDetails(posted?.values ?? {}, fields)) : details}
      serverErrors={{ ...server.details, ...postedErrors }}
      general={general}
      onSubmit={(values) => {
        setDetails(values);
        share.reset();
        void navigate(recipientDetailsPath(resultId, basic ? 'check' : 'address'));
      }}
    />
  );
}

/** The manual form's own fields as a refused post gave them (none when the post came from another view). */
function postedManual(values: Record<string, string | string[]>): Partial<ManualAddressValue> | undefined {
  const typed = Object.fromEntries(
    MANUAL_FIELDS.flatMap((name) => {
      const value = values[name];
      return typeof value === 'string' ? [[name, value]] : [];
    }),
  ) as Partial<ManualAddressValue>;
  return Object.keys(typed).length > 0 ? typed : undefined;
}

const hasFieldErrors = (error: unknown) =>
  error instanceof ApiError && Object.keys(error.fieldErrors ?? {}).length > 0;

function DetailsView({
  resultId,
  title,
  basic,
  initial,
  serverErrors,
  general,
  onSubmit,
}: {
  resultId: string;
  title: string;
  basic: boolean;
  initial: Partial<Details> | undefined;
  serverErrors: Record<string, string>;
  general: SummaryError[];
  onSubmit(values: Details): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const fields: readonly DetailField[] = basic ? BASIC_FIELDS : DETAIL_FIELDS;
  const form = useForm<DetailsForm, unknown, Details>({
    // A basic result's simpler form has only some of the fields: what it gives back is a part of Details.
    resolver: (basic ? zodResolver(contactSchema) : zodResolver(detailsSchema)) as unknown as Resolver<
      DetailsForm,
      unknown,
      Details
    >,
    defaultValues: initial ?? {},
    shouldFocusError: false,
  });
  const messages = Object.fromEntries(
    fields.map((name) => [name, errorText(form.formState.errors[name]?.message) ?? serverErrors[name]]),
  ) as Record<DetailField, string | undefined>;
  const errors: SummaryError[] = [
    ...general,
    ...fields.flatMap((name) => (messages[name] ? [{ href: `#${name}`, text: messages[name] }] : [])),
  ];
  const field = (name: (typeof DETAIL_FIELDS)[number], extra: Partial<Parameters<typeof Input>[0]> = {}) => (
    <Input
      id={name}
      label={t(`sharing.recipient.fields.${name}.label`)}
      hint={t(`sharing.recipient.fields.${name}.hint`, { defaultValue: '' }) || undefined}
      error={messages[name]}
      register={form.register(name)}
      {...extra}
    />
  );
  return (
    <>
      <BackLink to={resultPagePath(resultId)} text={t('common.back')} />
      <Column>
        <ErrorSummary errors={errors} />
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">{t(basic ? 'sharing.recipient.basicIntro' : 'sharing.recipient.intro')}</p>
        <form noValidate method="post" onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
          <FormToken />
          <input type="hidden" name={VIEW_FIELD} value="details" />
          {!basic && field('recipientName', { autoComplete: 'off', spellCheck: false })}
          {!basic && field('recipientPositionAppliedFor', { autoComplete: 'off' })}
          {field('recipientEmail', { type: 'email', autoComplete: 'off', spellCheck: false })}
          {field('recipientPhoneNumber', { type: 'tel', autoComplete: 'off', width: '20' })}
          {field('applicantEmail', { type: 'email', autoComplete: 'email', spellCheck: false })}
          <Button>{t('common.continue')}</Button>
        </form>
      </Column>
    </>
  );
}

function ManualAddress({
  resultId,
  title,
  initial,
  serverErrors,
  carrying,
  withoutScript,
  onSubmit,
}: {
  resultId: string;
  title: string;
  initial: Partial<ManualAddressValue> | undefined;
  serverErrors: Record<string, string>;
  /** The details the form carries (without JavaScript). */
  carrying: Record<string, string>;
  /** Shown after a post without JavaScript: the way back to the lookup is a post carrying the details. */
  withoutScript: boolean;
  onSubmit(values: ManualAddressValue): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm<ManualForm, unknown, ManualAddressValue>({
    resolver: zodResolver(manualSchema),
    defaultValues: initial ?? { country: UNITED_KINGDOM },
    shouldFocusError: false,
  });
  const messages = Object.fromEntries(
    MANUAL_FIELDS.map((name) => [
      name,
      errorText(form.formState.errors[name]?.message) ?? serverErrors[name],
    ]),
  ) as Record<(typeof MANUAL_FIELDS)[number], string | undefined>;
  const errors: SummaryError[] = [
    ...MANUAL_FIELDS.flatMap((name) => (messages[name] ? [{ href: `#${name}`, text: messages[name] }] : [])),
  ];
  return (
    <>
      <BackLink to={recipientDetailsPath(resultId, 'address')} text={t('common.back')} />
      <Column>
        <ErrorSummary errors={errors} />
        <h1 className="govuk-heading-l">{title}</h1>
        <form noValidate method="post" onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
          <FormToken />
          <Carried view="manual" values={carrying} />
          {MANUAL_FIELDS.map((name) => (
            <Input
              key={name}
              id={name}
              label={t(`fields.${name}.label`)}
              error={messages[name]}
              register={form.register(name)}
              width={name === 'postcode' ? '10' : undefined}
              autoComplete="off"
            />
          ))}
          <Button>{t('common.continue')}</Button>
        </form>
        {withoutScript ? (
          <CarryingButton view="manual" values={carrying} action="change-address">
            {t('address.usePostcode')}
          </CarryingButton>
        ) : (
          <p className="govuk-body">
            <Link className="govuk-link" to={recipientDetailsPath(resultId, 'address')}>
              {t('address.usePostcode')}
            </Link>
          </p>
        )}
      </Column>
    </>
  );
}
