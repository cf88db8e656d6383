import { ApiError } from '../../lib/api-client';
import { issueKeys } from '../../lib/form-issues';
import { formValues, type PageAction } from '../../lib/page-action';
import { submitBatch } from './api';
import { declarationSchema } from './csv-upload-results-page';

// The batch results page posted without JavaScript (decision 0038): the preview's declaration sends the ready
// rows, then the same page again, whose "Check progress" link follows the processing.

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
