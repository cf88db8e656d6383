import type { FastifyInstance } from 'fastify';
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
  app.get('/api/config', { config: { access: 'public' } }, async () => body);
}
