import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { signInRoutes } from './sign-in-routes';
import { signOutRoutes } from './sign-out-routes';
import { userInformationRoutes } from './user-information-routes';

/**
 * Sign-in as an OpenID Connect relying party, who is signed in, and sign-out (decisions 0040 and 0048), each in
 * its own file.
 */
export async function authRoutes(app: FastifyInstance, services: Services): Promise<void> {
  signInRoutes(app, services);
  userInformationRoutes(app, services);
  signOutRoutes(app, services);
}
