import { type AddressAnswer } from '@dis/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { errorFor } from '../../components/error-summary';
import { usePageTitle } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { Navigate } from '../../lib/navigate';
import { collect, usePageRender, usePostedForm } from '../../lib/server-render';
import { useShareThirdParty } from './api';
import { recipientDetailsPath, recipientShareSuccessPath } from './paths';
import {
  carriedAddress,
  carriedDetails,
  carriedValues,
  DETAIL_FIELDS,
  detailFields,
  MANUAL_FIELDS,
  RECIPIENT_VIEWS,
  type Details,
  type ManualAddressValue,
} from './recipient-form';
import { AddressView, CheckView, DetailsView, ManualAddress } from './recipient-views';
import { Refused, useShareFailure, useShareStep } from './share-step';

// /share/recipient-details (spec 02 sections 4 and 5): a Level 1 not-countersigned or B2B result is shared with
// a named recipient. Views of one page (`recipient-views.tsx`), kept in this page's memory only (nothing personal
// in browser storage): the recipient's details, their address by postcode lookup or typed in, then a check of
// both before sharing. The server checks everything again; its field errors come back against the fields.
// Without JavaScript each view's form carries the answers given so far as hidden fields, and the server answers
// each post with the next view (its action: recipientDetailsAction, decision 0044).

/** The title of each view. */
function titleKey(step: string | null, basic: boolean): string {
  if (step === 'address') return 'sharing.recipient.addressTitle';
  if (step === 'manual') return 'sharing.recipient.manualTitle';
  if (step === 'check') return 'sharing.recipient.checkTitle';
  return basic ? 'sharing.recipient.basicTitle' : 'sharing.recipient.title';
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
  const fields = detailFields(basic);
  const [address, setAddress] = useState<ManualAddressValue | undefined>(() =>
    carried ? (carriedAddress(carried) as ManualAddressValue | undefined) : undefined,
  );
  const render = usePageRender();
  const title = t(titleKey(step, basic));
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
  const general = errorFor('main-content', refusal);
  // What every view is given: the result shared and the view's title.
  const view = { resultId, title };

  if (step === 'address')
    return <AddressView {...view} carrying={carrying} withoutScript={Boolean(posted)} onSelect={chosen} />;
  if (step === 'manual')
    return (
      <ManualAddress
        {...view}
        initial={postedView === 'manual' ? postedManual(posted?.values ?? {}) : address}
        serverErrors={{ ...server.address, ...postedErrors }}
        carrying={carriedValues(details, undefined)}
        withoutScript={Boolean(posted)}
        onSubmit={chosen}
      />
    );
  if (step === 'check' && details && (address || basic))
    return (
      <CheckView
        {...view}
        basic={basic}
        details={details}
        address={address}
        general={general}
        carrying={carrying}
        withoutScript={Boolean(posted)}
        pending={share.isPending}
        onShare={send}
      />
    );
  return (
    <DetailsView
      {...view}
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
