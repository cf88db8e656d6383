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
 * CSV batches (spec 01 sections 5, 7 and 8): upload with preview, submit, the polled result, the error
 * report and the template. Countersignatories of the batch's own organisation only; with the batch feature off
 * every route is not found.
 */
export async function batchRoutes(app: FastifyInstance, { batches: deps }: Services): Promise<void> {
  const { db, features } = deps;
  // The limit is enforced while the stream is read: the upload stops at one byte over 500 KB.
  await app.register(multipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
  const organisation = { access: { roles: ORGANISATION_ROLES }, declaration: true } as const;

  app.addHook('onRequest', async () => {
    if (!features.b2bBatchUpload) throw new ApiError(404, 'NOT_FOUND', 'Not found');
  });

  async function owned(request: FastifyRequest, id: string) {
    try {
      return await service.ownedBatch(db, requireUser(request), id);
    } catch (error) {
      await refuse(db, request, 'not_own_batch');
      throw error;
    }
  }

  registerContract(app, batchContracts.upload, organisation, async ({ request }) => {
    const user = requireUser(request);
    let file: service.UploadedFile | undefined;
    try {
      const part = await request.file();
      if (part && part.fieldname === batchContracts.upload.fileField) {
        try {
          file = { filename: part.filename, content: await part.toBuffer() };
        } catch (error) {
          if ((error as { code?: string }).code !== FILE_TOO_LARGE) throw error;
          file = { filename: part.filename, content: null };
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      // Not multipart, or a malformed body: no file was sent.
      if (!code.startsWith('FST_')) throw error;
    }
    return service.uploadBatch(deps, user, file, request.id);
  });

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
    service.batchView(db, await owned(request, params.id)),
  );

  registerContract(app, batchContracts.submit, organisation, async ({ params, request }) => {
    await owned(request, params.id);
    return service.submitBatch(deps, requireUser(request), params.id, request.id);
  });

  registerContract(app, batchContracts.errorReport, organisation, async ({ params, request, reply }) => {
    const batch = await owned(request, params.id);
    const name = batch.filename.replace(/\.csv$/i, '');
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-errors.csv"`);
    return service.errorReport(db, batch);
  });
}
