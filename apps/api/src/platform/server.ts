import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database';
import { REQUEST_ID_HEADER } from './errors';
import { securityHeaderWriter } from './security';

/**
 * What the request log says about a request: its id, method and route template (`/api/draftApplications/:token`),
 * never the path itself, which can carry draft tokens, link ids or (in query strings) names.
 */
export function requestLogFields(req: FastifyRequest): { id: string; method: string; route: string } {
  let route: string | undefined;
  try {
    route = req.routeOptions?.url;
  } catch {
    // The router's own errors (a malformed URL) reach the log before any route is known.
  }
  return { id: req.id, method: req.method, route: route ?? '(no route)' };
}

/**
 * The request's id: the one the proxy gave it (X-Request-Id, so the proxy's log and ours name the same request),
 * when it is a plain token, or a new one. Error bodies repeat it for the person to quote.
 */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
}

/**
 * The logger and request ids of every server this process runs (the API and the stand-ins): route templates in
 * the log, never cookies or bearer tokens.
 */
export function serverLogging(
  logLevel: string,
  logStream: DestinationStream | undefined,
): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  return {
    logger: {
      level: logLevel,
      serializers: { req: requestLogFields },
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: requestIdOf,
  };
}

/** The given database, or the configured one opened; migrated to the latest version either way. */
export async function openMigratedDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  given?: DatabaseHandle,
): Promise<DatabaseHandle> {
  const database =
    given ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrateToLatest(database.db);
  return database;
}

/**
 * The router's own refusals (a malformed URL such as `/%`, an over-long parameter) run no hooks: they get the
 * same security headers, request id and error body here.
 */
function frameworkErrorHandler(publicUrl: string): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const writeSecurityHeaders = securityHeaderWriter(publicUrl);
  return (error, request, reply) => {
    writeSecurityHeaders(request.raw, reply.raw);
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
    void (reply as FastifyReply)
      .code(status)
      .header(REQUEST_ID_HEADER, request.id)
      .header('Cache-Control', 'no-store')
      .send({
        status,
        message: 'The address of this request is not valid',
        backendCode: 'BAD_URL',
        requestId: request.id,
      });
  };
}

/** The API's Fastify instance: its logging, the proxies it believes and the router's own error answers. */
export function createApiServer(
  config: Pick<Config, 'logLevel' | 'trustProxy' | 'publicUrl'>,
  logStream?: DestinationStream,
): FastifyInstance {
  const hops = config.trustProxy;
  return Fastify({
    ...serverLogging(config.logLevel, logStream),
    // A hop count N believes the nearest N proxies (the hops closest to this server), as proxy-addr does.
    trustProxy: typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops,
    frameworkErrors: frameworkErrorHandler(config.publicUrl),
  });
}
