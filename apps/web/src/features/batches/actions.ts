import { batchContracts } from '@dis/domain/contracts';
import { ApiError } from '../../lib/api-client';
import { issueKeys } from '../../lib/form-issues';
import { formValues, type PageAction } from '../../lib/page-action';
import { submitBatch, uploadBatch } from './api';
import { declarationSchema } from './csv-upload-results-page';

// The batch pages posted without JavaScript (decision 0038): the upload (a multipart post, its file read by the
// server within the JSON upload's limits: decision 0044) goes through the same upload call as the page's script,
// then the results page; the preview's declaration sends the ready rows, then the same page again, whose "Check
// progress" link follows the processing.

/** The page's file field: the JSON upload's own. */
const UPLOAD_FIELD = batchContracts.upload.fileField;

/** /b2b/csv-upload: the file uploaded and checked by the API, then its preview; a refusal the page again. */
export const uploadBatchAction: PageAction = async ({ files }) => {
  const file = files?.[UPLOAD_FIELD];
  const refused = (code: string) => ({ posted: { values: {}, errors: { [UPLOAD_FIELD]: code } } });
  // No file chosen: the browser sends an empty part without a name.
  if (!file?.filename) return refused('CSV_FILE_REQUIRED');
  // Over the limit: the server stopped reading at one byte over, as the JSON upload does.
  if (file.content === null) return refused('CSV_EXCEEDS_SIZE_LIMIT');
  try {
    const { id } = await uploadBatch(
      new File([file.content as Uint8Array<ArrayBuffer>], file.filename, { type: file.type }),
    );
    return { redirect: `/b2b/csv-upload-results?id=${encodeURIComponent(id)}` };
  } catch (error) {
    // Signed out, not theirs, the feature off: the page itself says so (runAction shows it again).
    if (!(error instanceof ApiError) || [401, 403, 404].includes(error.status)) throw error;
    // Refused (a file the upload checks turned down, or the virus scan unavailable): its message, nothing saved.
    return refused(error.backendCode ?? 'default');
  }
};

export const submitBatchAction: PageAction = async ({ form, url }) => {
  const values = formValues(form);
  const parsed = declarationSchema.safeParse(values);
  if (!parsed.success) return { posted: { values, errors: issueKeys(parsed.error.issues) } };
  const id = url.searchParams.get('id') ?? '';
  try {
    await submitBatch(id);
  } catch (error) {
    const key = error instanceof ApiError && error.status === 400 ? error.message : 'batches.submitError';
    return { posted: { values, errors: { agreed: key } } };
  }
  return { redirect: `/b2b/csv-upload-results?id=${encodeURIComponent(id)}` };
};
