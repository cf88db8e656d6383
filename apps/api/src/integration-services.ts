import { createOsPlacesClient } from './integrations/address/client';
import { createLocalAddressLookup } from './integrations/address/local';
import type { AddressLookup } from './integrations/address/types';
import { createOidcClient, type IdentityClient } from './integrations/identity/client';
import { createNotifyClient } from './integrations/notify/client';
import { createLocalNotify } from './integrations/notify/local';
import type { NotifySender } from './integrations/notify/types';
import { createGovUkPayClient } from './integrations/payments/client';
import { createLocalPaymentProvider } from './integrations/payments/local';
import type { PaymentProvider } from './integrations/payments/types';
import { createClamdScanner } from './integrations/virus-scan/client';
import { startLocalClamd, type LocalClamd } from './integrations/virus-scan/local';
import type { VirusScanner } from './integrations/virus-scan/types';
import type { ServiceContext } from './services';

export interface Integrations {
  identity: IdentityClient;
  payments: PaymentProvider;
  notify: NotifySender;
  address: AddressLookup;
  scanner: VirusScanner;
  /** The local clamd stand-in this process started, if any (closed with the services). */
  localClamd: LocalClamd | undefined;
}

/**
 * Every outside service: the real client, or its local stand-in when LOCAL_SERVICES is on or its key is missing;
 * the tests' fakes when given.
 */
export async function buildIntegrations(context: ServiceContext): Promise<Integrations> {
  const { config, db, clock } = context;
  const overrides = context.overrides ?? {};
  const identity =
    overrides.identity ??
    createOidcClient({
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      clientAuth: context.clientKeys
        ? { method: 'private_key_jwt', keys: context.clientKeys }
        : { method: 'client_secret_basic', secret: config.oidc.clientSecret },
      redirectUri: `${config.publicUrl}/oauth2/callback`,
      postLogoutRedirectUri: `${config.publicUrl}/oauth2/signed-out`,
      allowInsecure: config.oidc.allowInsecure,
      ...(context.identityFetch ? { fetch: context.identityFetch } : {}),
    });
  const payments =
    overrides.payments ??
    (config.localServices || !config.govUkPayApiKey
      ? createLocalPaymentProvider(db, clock, config.publicUrl)
      : createGovUkPayClient({ apiKey: config.govUkPayApiKey, baseUrl: config.govUkPayUrl }));
  const notify =
    overrides.notify ??
    (config.localServices || !config.notifyApiKey
      ? createLocalNotify(db, clock, context.localNotifyCallback)
      : createNotifyClient(config.notifyApiKey));
  const address =
    overrides.address ??
    (config.localServices || !config.osPlacesApiKey
      ? createLocalAddressLookup()
      : createOsPlacesClient({ apiKey: config.osPlacesApiKey }));
  // CSV uploads are scanned by clamd, or by its local stand-in on a port of its own.
  const localClamd: LocalClamd | undefined =
    !overrides.scanner && config.localServices && !config.clamdHost && !config.standInsUrl
      ? await startLocalClamd()
      : undefined;
  const scanner =
    overrides.scanner ??
    createClamdScanner(localClamd ?? { host: config.clamdHost ?? '127.0.0.1', port: config.clamdPort });
  return { identity, payments, notify, address, scanner, localClamd };
}
