import {
  batchContracts,
  batchPath,
  type BulkApplicationResult,
  type BulkApplicationUpload,
} from '@dis/domain/contracts';
import { api, apiUpload } from '../../lib/api-client';

// The calls of the batch pages, typed by the domain's contracts (packages/domain/src/contracts/batches.ts).

export const batchQueryKey = (id: string) => ['batches', id] as const;

export function uploadBatch(file: File): Promise<BulkApplicationUpload> {
  const form = new FormData();
  form.append(batchContracts.upload.fileField, file, file.name);
  return apiUpload<BulkApplicationUpload>(batchContracts.upload.path, form);
}

export function getBatch(id: string): Promise<BulkApplicationResult> {
  return api.get<BulkApplicationResult>(batchPath(batchContracts.get.path, id));
}

export function submitBatch(id: string): Promise<BulkApplicationResult> {
  return api.post<BulkApplicationResult>(batchPath(batchContracts.submit.path, id), { agreed: true });
}

export const errorReportHref = (id: string) => batchPath(batchContracts.errorReport.path, id);
export const templateHref = batchContracts.template.path;

/** An example file name for the signed-in organisation: its code, today's date, a time. */
export function exampleFilename(code: string | undefined): string {
  return `${code || 'RB1001'}_20261123_101500.csv`;
}
