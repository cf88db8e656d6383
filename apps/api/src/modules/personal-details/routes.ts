import type { FastifyInstance } from 'fastify';
import { APPLICANT_ROLES, ORGANISATION_ROLES } from '@dis/domain';
import {
  enhancedPersonalDetailsContract,
  personalDetailsContract,
  reminderSettingContract,
  updateReminderSettingContract,
} from '@dis/domain/contracts';
import { requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { ApiError, notFound } from '../../platform/errors';
import type { Services } from '../../services';

export async function personalDetailsRoutes(
  app: FastifyInstance,
  { personalDetails, config }: Services,
): Promise<void> {
  const { features } = config;
  const everyone = { access: { roles: [...APPLICANT_ROLES, ...ORGANISATION_ROLES] } } as const;

  // Reminders before deadlines are on unless the person turned them off (kept on the server, decision 0041).
  registerContract(app, reminderSettingContract, everyone, async ({ request }) => ({
    remindersOn: await personalDetails.remindersOn(requireUser(request).id),
  }));
  registerContract(app, updateReminderSettingContract, everyone, async ({ body, request }) =>
    personalDetails.setRemindersOn(requireUser(request).id, body.remindersOn, request.id),
  );
  registerContract(app, personalDetailsContract, everyone, async ({ request }) => {
    const details = await personalDetails.details(requireUser(request).id);
    if (!details) throw notFound('Personal details');
    return details;
  });

  // Prepopulation of the PVG join journey (flag prepopulatePersonalDetails): the identity record, plus the
  // current address of the applicant's latest application when one is known.
  registerContract(
    app,
    enhancedPersonalDetailsContract,
    { access: { roles: ['APPLICANT'] } },
    async ({ request }) => {
      if (!features.prepopulatePersonalDetails) throw new ApiError(404, 'FEATURE_DISABLED', 'Not found');
      const details = await personalDetails.enhanced(requireUser(request).id);
      if (!details) throw notFound('Personal details');
      return details;
    },
  );
}
