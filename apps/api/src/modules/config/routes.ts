import type { FastifyInstance } from 'fastify';
import { configContract } from '@dis/domain/contracts';
import { registerContract } from '../../platform/contracts';
import type { FeatureFlags } from '@dis/domain';

/** What the browser needs to know about this deployment: never secrets. */
export async function configRoutes(
  app: FastifyInstance,
  options: { serviceName: string; features: FeatureFlags; localServices: boolean },
): Promise<void> {
  const body = {
    serviceName: options.serviceName,
    features: options.features,
    localServices: options.localServices,
  };
  registerContract(app, configContract, { access: 'public' }, async () => body);
}
