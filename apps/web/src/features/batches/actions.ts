import { mustTickSchema } from '@dis/domain';
import { batchContracts } from '@dis/domain/contracts';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { issueKeys } from '../../lib/form-issues';
import { formValues, type PageAction } from '../../lib/page-action';
import { checkBatch, uploadBatch } from './api';

// The batch upload page posted without JavaScript (decision 0038): one multipart form (its file read by the
// server within the JSON upload's limits: decision 0044) with two buttons. "Check the file" sends it to the
// check call and shows the page again with the rows (nothing stored); "Upload and submit" needs the declaration
// and sends it to the spec's upload, then the results page, whose "Check progress" link follows the processing.

/** The page's file field: the JSON upload's own. */
export const UPLOAD_FIELD = batchContracts.upload.fileField;
/** Which button sent the form. */
export const INTENT_FIELD = 'intent';
export const CHECK_INTENT = 'check';

/** The countersignatory's declaration for the applications the upload submits. */
export const declarationSchema = z.object({ agreed: mustTickSchema('batches.declarationRequired') });

/** The view of the page after a check: the rows, for the page to show (the file itself is not kept). */
export const CHECKED_VIEW = 'checked';

/** /b2b/csv-upload: the file checked (the page again, with its rows) or uploaded (the results page). */
export const uploadBatchAction: PageAction = async ({ form, files }) => {
  const values = formValues(form);
  const checking = form.get(INTENT_FIELD) === CHECK_INTENT;
  const file = files?.[UPLOAD_FIELD];
  const refused = (code: string, message?: string) => ({
    posted: { values, errors: { [UPLOAD_FIELD]: code }, ...(message ? { general: message } : {}) },
  });
  // Over the limit: the server stopped reading at one byte over, as the JSON upload does, so the fields after the
  // file (the declaration, the button pressed) never arrived: the size is the answer, whatever was pressed.
  if (file?.filename && file.content === null) return refused('CSV_EXCEEDS_SIZE_LIMIT');
  if (!checking) {
    const declared = declarationSchema.safeParse(values);
    if (!declared.success) return { posted: { values, errors: issueKeys(declared.error.issues) } };
  }
  // No file chosen: the browser sends an empty part without a name.
  if (!file?.filename || file.content === null) return refused('CSV_FILE_REQUIRED');
  const posted = new File([file.content as Uint8Array<ArrayBuffer>], file.filename, { type: file.type });
  try {
    if (checking) {
      const checked = await checkBatch(posted);
      return { posted: { values, errors: {}, view: CHECKED_VIEW, data: checked } };
    }
    const { id } = await uploadBatch(posted);
    return { redirect: `/b2b/csv-upload-results?id=${encodeURIComponent(id)}` };
  } catch (error) {
    // Signed out, not theirs, the feature off: the page itself says so (runAction shows it again).
    if (!(error instanceof ApiError) || [401, 403, 404].includes(error.status)) throw error;
    // Refused (a file the checks turned down, or the virus scan unavailable): its message, nothing saved.
    return refused(error.backendCode ?? 'default', error.message);
  }
};
