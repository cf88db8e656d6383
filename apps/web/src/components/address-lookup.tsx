import {
  searchablePostcode,
  stepSchema,
  type AddressAnswer,
  type OsPlacesDpa,
  type YearMonthAnswer,
} from '@dis/domain';
import { useQuery } from '../lib/query';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useSmallForm, type SmallForm } from '../lib/small-form';
import { useTranslation } from '../i18n/react';
import type { z } from 'zod';
import { useErrorText } from '../i18n';
import type { addressLookupContract } from '@dis/domain/contracts';
import { ApiError } from '../lib/api-client';
import { callEndpoint, endpointRoute } from '../lib/endpoint-client';
import { stepSchemaResolver } from '../lib/step-schemas';
import type { PostedForm } from '../lib/server-render';
import { Button } from './button';
import { DateInput } from './date-input';
import { ErrorSummary, errorFor, type SummaryError } from './error-summary';
import { fieldMessage, type FieldMessage } from './field-message';
import { FormToken } from './form-token';
import { Input } from './input';
import { Select } from './select';
import { LinkParagraph } from './content';
import { usePostedOnce } from '../lib/posted-once';

export const UNITED_KINGDOM = 'United Kingdom';

/** An OS Places record as the address lines of a draft: premises on line 1, the street on line 2. */
export function dpaToAddress(dpa: OsPlacesDpa): AddressAnswer {
  const premises = [dpa.SUB_BUILDING_NAME, dpa.BUILDING_NAME, dpa.ORGANISATION_NAME].filter(Boolean);
  const street = [dpa.BUILDING_NUMBER, dpa.DEPENDENT_THOROUGHFARE_NAME ?? dpa.THOROUGHFARE_NAME]
    .filter(Boolean)
    .join(' ');
  const line1 = premises.length > 0 ? premises.join(', ') : street;
  const line2 = premises.length > 0 ? street : (dpa.DEPENDENT_LOCALITY ?? '');
  return {
    line1,
    ...(line2 ? { line2 } : {}),
    town: dpa.POST_TOWN,
    postcode: dpa.POSTCODE,
    country: UNITED_KINGDOM,
  };
}

// The forms' schemas come with the step schemas, fetched when a form is first checked (decision 0077).
const postcodeSearchRule = stepSchema('postcodeSearch');
const addressSelectionRule = stepSchema('addressSelection');
const addressSelectionFromRule = stepSchema('addressSelectionFrom');
const addressLookupRoute = endpointRoute<typeof addressLookupContract>({
  method: 'GET',
  path: '/api/addressService/addresses',
});

type SearchForm = z.input<ReturnType<typeof postcodeSearchRule>>;
type SelectForm = z.input<ReturnType<typeof addressSelectionRule>> & {
  residentFrom?: { month: string; year: string };
};

/** The postcode's check, fetched with the resolvers when the search is first sent (decision 0071). */
const POSTCODE_RESOLVER = stepSchemaResolver<SearchForm>(postcodeSearchRule);

export type LookupProblem = 'noAddresses' | 'unavailable';

/**
 * The problem of a chosen address that is not among the postcode's addresses (document 1 section 8: address id
 * not found, the message includes the id): the page shows it with the id chosen.
 */
export const ADDRESS_ID_NOT_FOUND = 'address.idNotFound';

/**
 * The address chosen from a postcode's list, asked of the API by its id (a form posted without JavaScript):
 * the record; or `ADDRESS_ID_NOT_FOUND` when the API answers ADDRESS_NOT_FOUND; or undefined when the lookup
 * failed otherwise (the page looks the postcode up again and says what went wrong against it).
 */
export async function chosenAddress(
  postcode: string,
  addressId: string,
): Promise<OsPlacesDpa | typeof ADDRESS_ID_NOT_FOUND | undefined> {
  try {
    const found = await callEndpoint(addressLookupRoute, { query: { postcode, addressId } });
    return (
      found.results?.map((result) => result.DPA).find((one) => one.UPRN === addressId) ?? ADDRESS_ID_NOT_FOUND
    );
  } catch (error) {
    return error instanceof ApiError && error.backendCode === 'ADDRESS_NOT_FOUND'
      ? ADDRESS_ID_NOT_FOUND
      : undefined;
  }
}

/** What a failed lookup means to the user: no addresses at the postcode, or no answer from the service. */
export function lookupProblem(error: unknown): LookupProblem {
  return error instanceof ApiError && error.status === 404 ? 'noAddresses' : 'unavailable';
}

interface AddressLookupProps {
  /** The h1 of the page. */
  title: string;
  initialPostcode?: string | undefined;
  manualHref: string;
  saving: boolean;
  /** Errors from saving the chosen address. */
  saveErrors: SummaryError[];
  /** An address of the applicant's history also asks when they moved in, with the address choice. */
  askResidentFrom?: boolean;
  initialResidentFrom?: YearMonthAnswer | undefined;
  /** A whole-history problem of the chosen month (overlap, gap), shown against it. */
  residentFromError?: string | undefined;
  /** Fields each of its forms also posts (a page that carries earlier answers in its forms, decision 0044). */
  hiddenFields?: ReactNode;
  /** In place of the link to manual entry (such a page's manual entry is a post carrying those answers). */
  manualEntry?: ReactNode;
  onSelect(address: AddressAnswer): void;
}

/** A posted form's value as text. */
function postedText(posted: PostedForm | undefined, name: string): string | undefined {
  const value = posted?.values[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The postcode a refused post searched (its Find, or the choice it came with), if it is a postcode. */
function postedPostcode(posted: PostedForm | undefined): string | undefined {
  if (!posted || posted.errors.postcode) return undefined;
  return searchablePostcode(postedText(posted, 'postcode') ?? '');
}

/** The choice form's values to start from: a refused post's, else the answer already given. */
function useChoiceForm(
  posted: PostedForm | undefined,
  askResidentFrom: boolean,
  initialResidentFrom: YearMonthAnswer | undefined,
) {
  const residentFromDefault = posted
    ? {
        month: postedText(posted, 'residentFrom.month') ?? '',
        year: postedText(posted, 'residentFrom.year') ?? '',
      }
    : {
        month: initialResidentFrom ? String(initialResidentFrom.month) : '',
        year: initialResidentFrom ? String(initialResidentFrom.year) : '',
      };
  const addressIdDefault = postedText(posted, 'addressId') ?? '';
  return useSmallForm<SelectForm>({
    resolver: useMemo(
      () => stepSchemaResolver<SelectForm>(askResidentFrom ? addressSelectionFromRule : addressSelectionRule),
      [askResidentFrom],
    ),
    defaultValues: askResidentFrom
      ? { addressId: addressIdDefault, residentFrom: residentFromDefault }
      : { addressId: addressIdDefault },
  });
}

interface LookupState {
  search: SmallForm<SearchForm, SearchForm>;
  choose: SmallForm<SelectForm, SelectForm>;
  /** The refused post, while the person has not submitted again. */
  earlier: PostedForm | undefined;
  problem: LookupProblem | undefined;
  postcode: string | undefined;
  missingId: string | undefined;
  residentFromError: string | undefined;
  saveErrors: SummaryError[];
}

/** Each field's problem (the browser's check, a refused post's, the lookup's) and the error summary of them all. */
function useLookupErrors(state: LookupState) {
  const { search, choose, earlier, problem, postcode, missingId } = state;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const postcodeError =
    errorText(search.formState.errors.postcode?.message ?? earlier?.errors.postcode) ??
    (problem ? t(`address.${problem}`, { postcode }) : undefined);
  const notFoundId =
    missingId ??
    (earlier?.errors.addressId === ADDRESS_ID_NOT_FOUND
      ? (postedText(earlier, 'addressId') ?? '')
      : undefined);
  const selectError =
    notFoundId !== undefined && !choose.formState.errors.addressId
      ? t(ADDRESS_ID_NOT_FOUND, { id: notFoundId })
      : errorText(choose.formState.errors.addressId?.message ?? earlier?.errors.addressId);
  const fromMessage = fieldMessage(choose.formState.errors, 'residentFrom');
  const fromError = errorText(fromMessage?.key ?? earlier?.errors.residentFrom) ?? state.residentFromError;
  // A save the server refused without JavaScript: its problem against the choice, as `saveErrors` are.
  const postedSaveErrors = Object.entries(earlier?.errors ?? {})
    .filter(([name]) => !['postcode', 'addressId', 'residentFrom'].includes(name))
    .map(([, key]) => key)
    .concat(earlier?.general ? [earlier.general] : [])
    .map((key) => ({ href: '#addressId', text: errorText(key) ?? key }));
  const errors: SummaryError[] = [
    ...errorFor('postcode', postcodeError),
    ...errorFor('addressId', selectError),
    ...errorFor('residentFrom', fromError),
    ...state.saveErrors,
    ...postedSaveErrors,
  ];
  return { postcodeError, choice: { selectError, fromError, fromParts: fromMessage?.parts }, errors };
}

interface ChoiceFormProps {
  choose: SmallForm<SelectForm, SelectForm>;
  addresses: OsPlacesDpa[];
  postcode: string | undefined;
  selectError: string | undefined;
  fromError: string | undefined;
  fromParts: FieldMessage['parts'];
  askResidentFrom: boolean;
  hiddenFields: ReactNode;
  saving: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

/** The postcode's addresses to choose from (and, for an address of the history, when they moved in). */
function AddressChoiceForm(props: ChoiceFormProps) {
  const { choose, addresses, askResidentFrom } = props;
  const { t } = useTranslation();
  return (
    <form noValidate method="post" onSubmit={props.onSubmit}>
      <FormToken />
      {props.hiddenFields}
      <input type="hidden" name="postcode" value={props.postcode ?? ''} />
      <Select
        id="addressId"
        label={t('address.select')}
        error={props.selectError}
        register={choose.register('addressId')}
        items={[
          { value: '', text: t('address.found', { count: addresses.length }) },
          ...addresses.map((dpa) => ({ value: dpa.UPRN, text: dpa.ADDRESS })),
        ]}
      />
      {askResidentFrom && (
        <DateInput
          id="residentFrom"
          legend={t('fields.residentFrom.label')}
          hint={t('fields.residentFrom.hint')}
          error={props.fromError}
          errorParts={props.fromParts}
          parts={['month', 'year']}
          register={{
            month: choose.register('residentFrom.month'),
            year: choose.register('residentFrom.year'),
          }}
        />
      )}
      <Button disabled={props.saving} name="_action" value="save">
        {t('common.save')}
      </Button>
    </form>
  );
}

/**
 * Postcode lookup then a choice of address (section 5: the postcode is checked before the call and an
 * address must be picked). "No addresses" and "results unavailable" are shown against the postcode,
 * with the manual entry link always on the page. Without JavaScript both forms post (decision 0038):
 * "Find address" (`_action=find`) brings the page back with the addresses the server's lookup found for
 * the postcode, and the choice posts with the postcode it was found for.
 */
export function AddressLookup({
  title,
  initialPostcode,
  manualHref,
  saving,
  saveErrors,
  askResidentFrom = false,
  initialResidentFrom,
  residentFromError,
  hiddenFields,
  manualEntry,
  onSelect,
}: AddressLookupProps) {
  const { t } = useTranslation();
  // A form posted without JavaScript and refused (or a Find) comes back with what was entered and its problems.
  const { posted, hide } = usePostedOnce();
  const [postcode, setPostcode] = useState<string | undefined>(() => postedPostcode(posted));
  // A choice that is not among the postcode's addresses (a list gone stale): the id, for its message.
  const [missingId, setMissingId] = useState<string>();
  const search = useSmallForm<SearchForm>({
    resolver: POSTCODE_RESOLVER,
    defaultValues: { postcode: postedText(posted, 'postcode') ?? initialPostcode ?? '' },
  });
  const choose = useChoiceForm(posted, askResidentFrom, initialResidentFrom);
  const results = useQuery({
    queryKey: ['addresses', postcode],
    queryFn: () => callEndpoint(addressLookupRoute, { query: { postcode: postcode ?? '' } }),
    enabled: Boolean(postcode),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const addresses = results.data?.results?.map((result) => result.DPA) ?? [];
  const problem = results.isError ? lookupProblem(results.error) : undefined;
  const { postcodeError, choice, errors } = useLookupErrors({
    search,
    choose,
    earlier: posted,
    problem,
    postcode,
    missingId,
    residentFromError,
    saveErrors,
  });
  /** Each form's submit starts afresh: what a refused post or a stale choice said is no longer shown. */
  const afresh =
    (submit: (event: FormEvent<HTMLFormElement>) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      hide();
      setMissingId(undefined);
      return submit(event);
    };
  const choiceSubmit = choose.handleSubmit((values) => {
    const dpa = addresses.find((item) => item.UPRN === values.addressId);
    if (!dpa) {
      setMissingId(String(values.addressId));
      return;
    }
    const from = choose.getValues('residentFrom');
    onSelect(
      askResidentFrom && from ? { ...dpaToAddress(dpa), residentFrom: from as never } : dpaToAddress(dpa),
    );
  });

  return (
    <>
      <ErrorSummary errors={errors} />
      <h1 className="govuk-heading-l">{title}</h1>
      <form
        noValidate
        method="post"
        onSubmit={afresh(
          search.handleSubmit((values) => {
            choose.reset({ addressId: '' });
            setPostcode(String(values.postcode));
          }),
        )}
      >
        <FormToken />
        {hiddenFields}
        <Input
          id="postcode"
          label={t('address.postcode')}
          hint={t('address.postcodeHint')}
          error={postcodeError}
          register={search.register('postcode')}
          width="10"
          autoComplete="off"
        />
        <Button variant={addresses.length > 0 ? 'secondary' : 'primary'} name="_action" value="find">
          {t('address.find')}
        </Button>
      </form>
      {results.isFetching && (
        <p className="govuk-body" role="status">
          {t('address.searching')}
        </p>
      )}
      {addresses.length > 0 && !results.isFetching && (
        <AddressChoiceForm
          choose={choose}
          addresses={addresses}
          postcode={postcode}
          {...choice}
          askResidentFrom={askResidentFrom}
          hiddenFields={hiddenFields}
          saving={saving}
          onSubmit={afresh(choiceSubmit)}
        />
      )}
      {manualEntry ?? <LinkParagraph to={manualHref}>{t('address.enterManually')}</LinkParagraph>}
    </>
  );
}
