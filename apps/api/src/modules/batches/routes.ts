import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSV_MAX_BYTES, ORGANISATION_ROLES, batchCsvTemplate } from '@dis/domain';
import { batchContracts } from '@dis/domain/contracts';
import { refuse, requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { ApiError } from '../../platform/errors';
import * as service from './service';
import type { Services } from '../../services';

const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/**
 * The uploaded file, with the whole form read to its end: undefined unless the body is a complete multipart
 * form carrying it and nothing else (not multipart, no boundary, a boundary the body does not hold, a body cut
 * off inside the file or before the form's end, another part), so a malformed upload is refused as "no file"
 * and nothing is stored. A file over the limit has no content: the stream stopped at one byte over.
 */
async function readUpload(request: FastifyRequest): Promise<service.UploadedFile | undefined> {
  let file: service.UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || file || part.fieldname !== batchContracts.upload.fileField)
        return undefined;
      try {
        file = { filename: part.filename, content: await part.toBuffer() };
      } catch (error) {
        if ((error as { code?: string }).code !== FILE_TOO_LARGE) return undefined;
        return { filename: part.filename, content: null };
      }
    }
  } catch {
    // Busboy's parse errors carry no code: any failure to read the form is a form without a whole file.
    return undefined;
  }
  return file;
}

/**
 * CSV batches (spec 01 sections 3 to 8): the upload, which submits the file, the polled result, a file's check
 * before its upload (decision 0053), the error report and the template. Countersignatories of the batch's own
 * organisation whose role reaches every row's type (its uploader always: decision 0042); with the batch feature
 * off every route is not found.
 */
export async function batchRoutes(app: FastifyInstance, { batches: deps }: Services): Promise<void> {
  const { db, features } = deps;
  // The limit is enforced while the stream is read: the upload stops at one byte over 500 KB.
  await app.register(multipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
  const organisation = { access: { roles: ORGANISATION_ROLES }, declaration: true } as const;

  app.addHook('onRequest', async () => {
    if (!features.b2bBatchUpload) throw new ApiError(404, 'NOT_FOUND', 'Not found');
  });

  /** Runs a batch call; a refusal is written to the audit trail with its reason. */
  async function audited<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof service.BatchRefused) await refuse(db, request, error.reason);
      throw error;
    }
  }
  const visible = (request: FastifyRequest, id: string) =>
    audited(request, () => service.visibleBatch(deps, requireUser(request), id));

  registerContract(app, batchContracts.upload, organisation, async ({ request }) =>
    service.uploadBatch(deps, requireUser(request), await readUpload(request), request.id),
  );

  registerContract(app, batchContracts.check, organisation, async ({ request }) =>
    service.checkBatch(deps, requireUser(request), await readUpload(request), request.id),
  );

  registerContract(
    app,
    batchContracts.template,
    { access: { roles: ORGANISATION_ROLES } },
    async ({ reply }) => {
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="applications-template.csv"');
      return batchCsvTemplate();
    },
  );

  registerContract(app, batchContracts.get, organisation, async ({ params, request }) =>
    service.batchView(db, await visible(request, params.id)),
  );

  registerContract(app, batchContracts.errorReport, organisation, async ({ params, request, reply }) => {
    const batch = await visible(request, params.id);
    const name = batch.filename.replace(/\.csv$/i, '');
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-errors.csv"`);
    return service.errorReport(db, batch);
  });
}
