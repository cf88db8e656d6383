import type { FastifyInstance } from 'fastify';
import { APPLICANT_ROLES, ORGANISATION_ROLES } from '@dis/domain';
import {
  enhancedPersonalDetailsContract,
  personalDetailsContract,
  reminderSettingContract,
  updateReminderSettingContract,
} from '@dis/domain/contracts';
import { writeAudit } from '../../platform/audit';
import { requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { ApiError, notFound } from '../../platform/errors';
import { latestApplicantAddress } from '../drafts/service';
import { personalDetails } from './service';
import type { Services } from '../../services';

export async function personalDetailsRoutes(
  app: FastifyInstance,
  { db, config, outbox }: Services,
): Promise<void> {
  const { features } = config;
  const everyone = { access: { roles: [...APPLICANT_ROLES, ...ORGANISATION_ROLES] } } as const;

  // Reminders before deadlines are on unless the person turned them off (kept on the server, decision 0041).
  registerContract(app, reminderSettingContract, everyone, async ({ request }) => ({
    remindersOn: !(await outbox.remindersOff(requireUser(request).id)),
  }));
  registerContract(app, updateReminderSettingContract, everyone, async ({ body, request }) => {
    const userId = requireUser(request).id;
    await outbox.setRemindersOff(userId, !body.remindersOn);
    await writeAudit(db, {
      event: 'reminders.setting_changed',
      outcome: 'success',
      userId,
      requestId: request.id,
      detail: { remindersOn: body.remindersOn },
    });
    return { remindersOn: body.remindersOn };
  });
  registerContract(
    app,
    personalDetailsContract,
    { access: { roles: [...APPLICANT_ROLES, ...ORGANISATION_ROLES] } },
    async ({ request }) => {
      const details = await personalDetails(db, requireUser(request).id);
      if (!details) throw notFound('Personal details');
      return details;
    },
  );

  // Prepopulation of the PVG join journey (flag prepopulatePersonalDetails): the identity record, plus the
  // current address of the applicant's latest application when one is known.
  registerContract(
    app,
    enhancedPersonalDetailsContract,
    { access: { roles: ['APPLICANT'] } },
    async ({ request }) => {
      if (!features.prepopulatePersonalDetails) throw new ApiError(404, 'FEATURE_DISABLED', 'Not found');
      const userId = requireUser(request).id;
      const details = await personalDetails(db, userId);
      if (!details) throw notFound('Personal details');
      return { ...details, address: await latestApplicantAddress(db, userId) };
    },
  );
}
