import type { BackendCode } from '@dis/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { linkFailurePath } from './application-redirect-page';

describe('linkFailurePath', () => {
  it.each<[number, BackendCode, string]>([
    [400, 'matching_error', '/error?code=matching_error'],
    [429, 'user_already_linked_or_do_not_exist', '/error?code=user_already_linked_or_do_not_exist'],
    [409, 'application_already_linked', '/error?code=application_already_linked'],
    [410, 'APPLICATION_EXPIRED', '/application-expired'],
    [404, 'ApplicationDetails.NotFound', '/error'],
  ])('%i %s → %s', (status, backendCode, path) => {
    expect(linkFailurePath(new ApiError(status, { status, backendCode }))).toBe(path);
  });
  it('anything else is the generic error page', () => {
    expect(linkFailurePath(new Error('network'))).toBe('/error');
  });
});
