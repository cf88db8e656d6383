import type { FastifyInstance } from 'fastify';
import { configContract } from '@dis/domain/contracts';
import { registerContract } from '../../platform/contracts';
import type { Services } from '../../services';

/** What the browser needs to know about this deployment: never secrets. */
export async function configRoutes(app: FastifyInstance, { config: options }: Services): Promise<void> {
  const body = {
    serviceName: options.serviceName,
    features: options.features,
    localServices: options.localServices,
  };
  registerContract(app, configContract, { access: 'public' }, async () => body);
}
