import {
  batchContracts,
  pathFor,
  type BulkApplicationCheck,
  type BulkApplicationResult,
  type BulkApplicationUpload,
} from '@dis/domain/contracts';
import { apiUpload } from '../../lib/api-client';
import { callEndpoint } from '../../lib/endpoint-client';

// The calls of the batch pages, typed by the domain's contracts (packages/domain/src/contracts/batches.ts).

export const batchQueryKey = (id: string) => ['batches', id] as const;

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append(batchContracts.upload.fileField, file, file.name);
  return form;
}

/** Spec 01 section 7: the upload submits the file (AWAITING, then processed in the background). */
export function uploadBatch(file: File): Promise<BulkApplicationUpload> {
  return apiUpload<BulkApplicationUpload>(batchContracts.upload.path, fileForm(file));
}

/** The file's check before its upload (the preview): nothing stored (decision 0053). */
export function checkBatch(file: File): Promise<BulkApplicationCheck> {
  return apiUpload<BulkApplicationCheck>(batchContracts.check.path, fileForm(file));
}

export function getBatch(id: string): Promise<BulkApplicationResult> {
  return callEndpoint(batchContracts.get, { params: { id } });
}

export const errorReportHref = (id: string) => pathFor(batchContracts.errorReport.path, { id });
export const templateHref = batchContracts.template.path;

/** An example file name for the signed-in organisation: its code, today's date, a time. */
export function exampleFilename(code: string | undefined): string {
  return `${code || 'RB1001'}_20261123_101500.csv`;
}
