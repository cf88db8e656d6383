import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { FormToken } from '../../components/form-token';
import { BulletList } from '../../components/content';
import { ErrorSummary } from '../../components/error-summary';
import { describedBy, ErrorMessage, formGroupClass, Hint } from '../../components/form-parts';
import { usePageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { usePostedForm } from '../../lib/server-render';
import { useUser } from '../../lib/session';
import { batchQueryKey, exampleFilename, templateHref, uploadBatch } from './api';

/** The heading and message of a refused upload (spec 01 section 8), by backend code. */
function useUploadErrorText() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const code = user?.countersignatoryDetails?.organisationCode ?? '';
  return (backendCode: string) => {
    const key = t(`batches.errors.${backendCode}.heading`, { defaultValue: '' }) ? backendCode : 'default';
    const values = { example: exampleFilename(code), code };
    return {
      heading: t(`batches.errors.${key}.heading`, values),
      message: t(`batches.errors.${key}.message`, values),
    };
  };
}

export function CsvUploadPage() {
  const { t } = useTranslation();
  usePageTitle(t('batches.uploadTitle'));
  const { data: user } = useUser();
  const example = exampleFilename(user?.countersignatoryDetails?.organisationCode);
  const navigate = useNavigate();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  // A file posted without JavaScript and refused by the server comes back with its code (its action: actions.ts).
  const posted = usePostedForm();
  const [refusal, setRefusal] = useState<string | null>(() => posted?.errors.file ?? null);
  const errorText = useUploadErrorText();

  const upload = useMutation({
    mutationFn: uploadBatch,
    onSuccess: async (result) => {
      const { id, ...view } = result;
      client.setQueryData(batchQueryKey(id), view);
      await navigate(`/b2b/csv-upload-results?id=${encodeURIComponent(id)}`);
    },
    onError: (error) =>
      setRefusal(error instanceof ApiError && error.backendCode ? error.backendCode : 'default'),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setRefusal('CSV_FILE_REQUIRED');
      return;
    }
    setRefusal(null);
    upload.mutate(file);
  };

  const error = refusal ? errorText(refusal) : null;
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <ErrorSummary title={error?.heading} errors={error ? [{ href: '#file', text: error.message }] : []} />
        <h1 className="govuk-heading-l">{t('batches.uploadTitle')}</h1>
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
              name="file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={describedBy('file-hint', error ? 'file-error' : undefined)}
              onChange={() => setRefusal(null)}
            />
          </div>
          <Button disabled={upload.isPending}>{t('batches.uploadButton')}</Button>
          {upload.isPending && (
            <p className="govuk-body" role="status">
              {t('batches.uploading')}
            </p>
          )}
        </form>
      </div>
    </div>
  );
}
