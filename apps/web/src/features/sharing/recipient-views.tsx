import { formatAddress, type AddressAnswer } from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type Resolver } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../lib/router';
import type { z } from 'zod';
import { AddressLookup, UNITED_KINGDOM } from '../../components/address-lookup';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/button';
import { Column } from '../../components/column';
import { LinkParagraph, SummaryList } from '../../components/content';
import { ErrorSummary, type SummaryError } from '../../components/error-summary';
import { PostForm } from '../../components/post-form';
import { Input } from '../../components/input';
import { useErrorText } from '../../i18n';
import { useForm } from '../../lib/forms';
import { recipientDetailsPath, resultPagePath } from './paths';
import {
  contactSchema,
  detailFields,
  detailsSchema,
  MANUAL_FIELDS,
  manualSchema,
  VIEW_FIELD,
  type DetailField,
  type Details,
  type ManualAddressValue,
  type RecipientView,
} from './recipient-form';

// The views of /share/recipient-details (the page and its state are `recipient-details-page.tsx`): the recipient's
// details, their address by postcode lookup or typed in, and the check of both before sharing. Without JavaScript
// each view's form carries the answers given so far as hidden fields (decision 0044).

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
    <PostForm>
      <Carried view={view} values={values} />
      <Button variant="secondary" name="_action" value={action}>
        {children}
      </Button>
    </PostForm>
  );
}

/** The recipient's address found by postcode (the manual form is a link, or a post without JavaScript). */
export function AddressView({
  resultId,
  title,
  carrying,
  withoutScript,
  onSelect,
}: {
  resultId: string;
  title: string;
  carrying: Record<string, string>;
  withoutScript: boolean;
  onSelect(picked: AddressAnswer | ManualAddressValue): void;
}) {
  const { t } = useTranslation();
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
            withoutScript && (
              <CarryingButton view="address" values={carrying} action="manual">
                {t('address.enterManually')}
              </CarryingButton>
            )
          }
          onSelect={onSelect}
        />
      </Column>
    </>
  );
}

/** The ways to change the details or the address from the check view. */
function ChangeLinks({
  resultId,
  basic,
  carrying,
  withoutScript,
}: {
  resultId: string;
  basic: boolean;
  carrying: Record<string, string>;
  withoutScript: boolean;
}) {
  const { t } = useTranslation();
  if (withoutScript)
    return (
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
    );
  return (
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
  );
}

/** The check of the details (and the address) before the share is sent. */
export function CheckView({
  resultId,
  title,
  basic,
  details,
  address,
  general,
  carrying,
  withoutScript,
  pending,
  onShare,
}: {
  resultId: string;
  title: string;
  basic: boolean;
  details: Details;
  address: ManualAddressValue | undefined;
  general: SummaryError[];
  carrying: Record<string, string>;
  withoutScript: boolean;
  pending: boolean;
  onShare(): void;
}) {
  const { t } = useTranslation();
  const fields = detailFields(basic);
  return (
    <>
      <BackLink to={recipientDetailsPath(resultId, basic ? undefined : 'address')} text={t('common.back')} />
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
        <ChangeLinks resultId={resultId} basic={basic} carrying={carrying} withoutScript={withoutScript} />
        <p className="govuk-body">{t('sharing.recipient.checkBody')}</p>
        <PostForm
          onSubmit={(event) => {
            event.preventDefault();
            onShare();
          }}
        >
          <Carried view="check" values={carrying} />
          <Button id="share-button" disabled={pending} name="_action" value="share">
            {t('sharing.share.submit')}
          </Button>
        </PostForm>
      </Column>
    </>
  );
}

export function DetailsView({
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
  const fields = detailFields(basic);
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
  const field = (name: DetailField, extra: Partial<Parameters<typeof Input>[0]> = {}) => (
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
        <PostForm onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
          <input type="hidden" name={VIEW_FIELD} value="details" />
          {!basic && field('recipientName', { autoComplete: 'off', spellCheck: false })}
          {!basic && field('recipientPositionAppliedFor', { autoComplete: 'off' })}
          {field('recipientEmail', { type: 'email', autoComplete: 'off', spellCheck: false })}
          {field('recipientPhoneNumber', { type: 'tel', autoComplete: 'off', width: '20' })}
          {field('applicantEmail', { type: 'email', autoComplete: 'email', spellCheck: false })}
          <Button>{t('common.continue')}</Button>
        </PostForm>
      </Column>
    </>
  );
}

export function ManualAddress({
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
        <PostForm onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
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
        </PostForm>
        {withoutScript ? (
          <CarryingButton view="manual" values={carrying} action="change-address">
            {t('address.usePostcode')}
          </CarryingButton>
        ) : (
          <LinkParagraph to={recipientDetailsPath(resultId, 'address')}>
            {t('address.usePostcode')}
          </LinkParagraph>
        )}
      </Column>
    </>
  );
}
