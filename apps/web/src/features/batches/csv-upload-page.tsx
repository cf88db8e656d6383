import type { BulkApplicationCheck } from '@dis/domain/contracts';
import { useMutation, useQueryClient } from '../../lib/query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { z } from 'zod';
import { useForm } from '../../lib/forms';
import { Link, useNavigate } from '../../lib/router';
import { Button, ButtonGroup } from '../../components/button';
import { TickBox } from '../../components/tick-box';
import { FormToken } from '../../components/form-token';
import { BulletList, WarningText } from '../../components/content';
import { ErrorSummary, errorFor, type SummaryError } from '../../components/error-summary';
import { describedBy, ErrorMessage, formGroupClass, Hint } from '../../components/form-parts';
import { usePageTitle } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { useHydrated, usePostedForm, useResponseStatus } from '../../lib/server-render';
import { useUser } from '../../lib/session';
import { CHECK_INTENT, CHECKED_VIEW, declarationSchema, INTENT_FIELD, UPLOAD_FIELD } from './actions';
import { batchQueryKey, checkBatch, exampleFilename, templateHref, uploadBatch } from './api';
import { BatchRows } from './batch-rows';

/** A refused file: its backend code, and the server's message where it names what is wrong (missing columns). */
interface Refusal {
  code: string;
  message?: string | undefined;
}

/** The heading and message of a refused upload (spec 01 section 8), by backend code. */
function useUploadErrorText() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const code = user?.countersignatoryDetails?.organisationCode ?? '';
  return ({ code: backendCode, message }: Refusal) => {
    const key = t(`batches.errors.${backendCode}.heading`, { defaultValue: '' }) ? backendCode : 'default';
    const values = { example: exampleFilename(code), code };
    return {
      heading: t(`batches.errors.${key}.heading`, values),
      // The missing columns are named by the server's check; every other message is the page's own.
      message:
        backendCode === 'CSV_MISSING_COLUMNS' && message
          ? message
          : t(`batches.errors.${key}.message`, values),
    };
  };
}

const refusalOf = (error: unknown): Refusal =>
  error instanceof ApiError && error.backendCode
    ? { code: error.backendCode, message: error.message }
    : { code: 'default' };

/** A check posted without JavaScript is an answer, not a refusal: the page's status is 200. */
function CheckedResponse() {
  useResponseStatus(200);
  return null;
}

/** What the page says before its form: the steps, the template and the guidance. */
function UploadIntro({ example }: { example: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="govuk-body">{t('batches.uploadIntro')}</p>
      <BulletList items={t('batches.steps', { returnObjects: true, example }) as string[]} />
      <ul className="govuk-list">
        <li>
          <a className="govuk-link" href={templateHref} download="applications-template.csv">
            {t('batches.templateLink')}
          </a>
        </li>
        <li>
          <Link className="govuk-link" to="/b2b/csv-guidance">
            {t('batches.guidanceLink')}
          </Link>
        </li>
      </ul>
    </>
  );
}

/** The file's check (nothing stored): how many rows are ready, and each row with its errors. */
function CheckedFile({ checked }: { checked: BulkApplicationCheck }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const errorRows = checked.applicationSummaries.filter((row) => row.errors.length > 0).length;
  return (
    <section aria-labelledby="checked-heading">
      <h2 className="govuk-heading-m" id="checked-heading">
        {t('batches.previewHeading')}
      </h2>
      <p className="govuk-body">
        {checked.metadata.filename}: {t('batches.applications')} {checked.metadata.applications},{' '}
        {t('batches.ready').toLowerCase()} {checked.metadata.readyApplications}
      </p>
      {errorRows === 0 && <p className="govuk-body">{t('batches.allReady')}</p>}
      {errorRows > 0 && checked.metadata.readyApplications > 0 && (
        <WarningText>{t('batches.someErrors', { count: errorRows })}</WarningText>
      )}
      {checked.metadata.readyApplications === 0 && <WarningText>{t('batches.noneReady')}</WarningText>}
      <BatchRows rows={checked.applicationSummaries} />
      {!hydrated && <p className="govuk-body">{t('batches.chooseAgain')}</p>}
    </section>
  );
}

/**
 * /b2b/csv-upload: choose a file, check it (every row, nothing stored) and upload it, which submits it (spec 01
 * sections 3 and 4, decision 0053). Without JavaScript the same form posts to the page's action.
 */
export function CsvUploadPage() {
  const { t } = useTranslation();
  usePageTitle(t('batches.uploadTitle'));
  const { data: user } = useUser();
  const example = exampleFilename(user?.countersignatoryDetails?.organisationCode);
  const navigate = useNavigate();
  const client = useQueryClient();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  // A form posted without JavaScript comes back refused, or with the file's check (its action: actions.ts).
  const posted = usePostedForm();
  const [refusal, setRefusal] = useState<Refusal | null>(() =>
    posted?.errors[UPLOAD_FIELD] ? { code: posted.errors[UPLOAD_FIELD], message: posted.general } : null,
  );
  const [declarationError, setDeclarationError] = useState<string | undefined>(() => posted?.errors.agreed);
  const [checked, setChecked] = useState<BulkApplicationCheck | null>(() =>
    posted?.view === CHECKED_VIEW ? (posted.data as BulkApplicationCheck) : null,
  );
  const form = useForm<z.input<typeof declarationSchema>>({
    shouldFocusError: false,
    ...(posted?.values.agreed ? { defaultValues: { agreed: posted.values.agreed as never } } : {}),
  });
  const uploadErrorText = useUploadErrorText();

  const check = useMutation({
    mutationFn: checkBatch,
    onSuccess: (result) => setChecked(result),
    onError: (error) => setRefusal(refusalOf(error)),
  });
  const upload = useMutation({
    mutationFn: uploadBatch,
    onSuccess: async (result) => {
      const { id, ...view } = result;
      // The results page starts from the upload's answer and polls from there (spec 01 section 4).
      client.setQueryData(batchQueryKey(id), view);
      await navigate(`/b2b/csv-upload-results?id=${encodeURIComponent(id)}`);
    },
    onError: (error) => setRefusal(refusalOf(error)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const checking = submitter?.value === CHECK_INTENT;
    const file = input.current?.files?.[0];
    setRefusal(null);
    setDeclarationError(undefined);
    if (!checking) {
      const declared = declarationSchema.safeParse(form.getValues());
      if (!declared.success) setDeclarationError(declared.error.issues[0]?.message);
      if (!declared.success) return;
    }
    if (!file) {
      setRefusal({ code: 'CSV_FILE_REQUIRED' });
      return;
    }
    if (checking) check.mutate(file);
    else upload.mutate(file);
  };

  const error = refusal ? uploadErrorText(refusal) : null;
  const declarationText = errorText(declarationError);
  const errors: SummaryError[] = [
    ...(error ? [{ href: '#file', text: error.message }] : []),
    ...errorFor('agreed', declarationText),
  ];
  const busy = check.isPending || upload.isPending;
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-full">
        <ErrorSummary title={error && !declarationText ? error.heading : undefined} errors={errors} />
        <h1 className="govuk-heading-l">{t('batches.uploadTitle')}</h1>
        <UploadIntro example={example} />
        {posted?.view === CHECKED_VIEW && <CheckedResponse />}
        {checked && <CheckedFile checked={checked} />}
        <form noValidate method="post" encType="multipart/form-data" onSubmit={onSubmit}>
          <FormToken />
          <div className={formGroupClass(error)}>
            <label className="govuk-label govuk-label--m" htmlFor="file">
              {t('batches.fileLabel')}
            </label>
            <Hint id="file-hint">{t('batches.fileHint', { example })}</Hint>
            {error && <ErrorMessage id="file-error">{error.message}</ErrorMessage>}
            <input
              ref={input}
              className={`govuk-file-upload${error ? ' govuk-file-upload--error' : ''}`}
              id="file"
              name={UPLOAD_FIELD}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={describedBy('file-hint', error ? 'file-error' : undefined)}
              onChange={() => {
                setRefusal(null);
                setChecked(null);
              }}
            />
          </div>
          <TickBox
            legend={t('batches.declarationLegend')}
            label={t('batches.declarationLabel')}
            error={declarationText}
            register={form.register('agreed')}
          />
          <ButtonGroup>
            <Button name={INTENT_FIELD} value="upload" disabled={busy}>
              {t('batches.uploadButton')}
            </Button>
            <Button name={INTENT_FIELD} value={CHECK_INTENT} variant="secondary" disabled={busy}>
              {t('batches.checkButton')}
            </Button>
          </ButtonGroup>
          {busy && (
            <p className="govuk-body" role="status">
              {check.isPending ? t('batches.checking') : t('batches.uploading')}
            </p>
          )}
        </form>
      </div>
    </div>
  );
}
