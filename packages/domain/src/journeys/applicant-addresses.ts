import type { ResidenceAddress } from '../validation/address-history';
import { residenceAddressFormSchema } from '../validation/address-history';
import { addressHistoryCoverage, deriveResidentTo } from '../validation/address-history-rules';
import { manualAddressFormSchema } from '../validation/address';
import type { AddressAnswer, ApplicantDraft } from './answers';
import type { DynamicSteps, StepDefinition } from './build';
import { defineSteps, list } from './build';
import type { DraftAnswers } from './draft-types';
import { APPLICANT_ADDRESS_PAGE } from './address-page';
import { RESIDENCE_FIELDS } from './fields';
import { stepSchema } from './schema-table';
import { addressText, monthText } from './format';
import type { JourneyContext } from './types';

// The applicant's addresses: five years of address history (the current address, then as many previous
// addresses as it takes, each a dynamic step `address/<n>`), or the current address alone in the journeys that
// ask only that (membership journeys and pvgce).

/**
 * Where these pages store their answers: the applicant draft's type is inferred from it (answers.ts). The
 * current address comes from either address page; each previous address from the residence page.
 */
export const ADDRESS_ANSWERS = {
  top: [],
  at: {
    currentAddress: [residenceAddressFormSchema, manualAddressFormSchema],
    previousAddresses: { list: residenceAddressFormSchema },
  },
} as const satisfies DraftAnswers;

type Step = StepDefinition<ApplicantDraft>;
const step = defineSteps<ApplicantDraft>();

export const addressHistoryIntro: Step = { id: 'address-history-intro' };

/** Current address first, then each previous address, newest first. */
function history(a: ApplicantDraft): unknown[] {
  return [a.currentAddress, ...list(a.previousAddresses)];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const addressHistoryRule = stepSchema('addressHistory');

function validHistory(addresses: unknown[], ctx: JourneyContext): ResidenceAddress[] | undefined {
  // A hole or a non-object in a tampered history is refused before the schema sees it.
  if (!addresses.every(isRecord)) return undefined;
  const parsed = addressHistoryRule(ctx).safeParse(addresses);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Whether these addresses (newest first) are valid and reach back five years. Given the server's complete steps
 * (decision 0077), the walk only asks this of addresses the server has found valid (a step's \`next\`, the history
 * check after them), so only the reach is worked out, without the schemas.
 */
function covered(addresses: unknown[], ctx: JourneyContext): boolean {
  if (ctx.completeSteps) {
    return (
      addresses.every(isRecord) && addressHistoryCoverage(addresses as ResidenceAddress[], ctx.now).complete
    );
  }
  const valid = validHistory(addresses, ctx);
  return valid !== undefined && addressHistoryCoverage(valid, ctx.now).complete;
}

function addressStepId(index: number): string {
  return index === 0 ? 'address/current' : `address/${index}`;
}

export function addressStep(index: number): Step {
  const slug = index === 0 ? 'current' : String(index);
  return step({
    id: addressStepId(index),
    path: `address/postcode/${slug}`,
    paths: [`address/postcode/${slug}`, `address/manual/${slug}`],
    titleKey: index === 0 ? 'journey.address.current.title' : 'journey.address.previous.title',
    group: 'personal-details',
    writes: [index === 0 ? 'currentAddress' : `previousAddresses.${index - 1}`],
    schema: stepSchema('residenceAddress'),
    fields: RESIDENCE_FIELDS,
    read: (a) => history(a)[index],
    write: (a, v, ctx) => {
      const addresses = history(a).slice(0, index);
      addresses.push(v);
      // Addresses older than the one that completes five years are no longer wanted.
      const kept = covered(addresses, { now: ctx.now })
        ? addresses
        : [...addresses, ...history(a).slice(index + 1)];
      const derived = kept.every(isRecord) ? deriveResidentTo(kept as ResidenceAddress[]) : kept;
      return {
        ...a,
        currentAddress: derived[0] as AddressAnswer,
        previousAddresses: derived.slice(1) as AddressAnswer[],
      };
    },
    // The address must also start before the more recent one, without a gap or an overlap.
    complete: (a, ctx) => validHistory(history(a).slice(0, index + 1), ctx) !== undefined,
    next: (a, nav, links) => {
      if (!covered(history(a).slice(0, index + 1), nav)) return addressStepId(index + 1);
      return nav.edit ? links.review : 'address-history-check';
    },
    summary: (a) => {
      const address = history(a)[index] as AddressAnswer | undefined;
      const from = monthText(address?.residentFrom);
      return [
        {
          labelKey: index === 0 ? 'address.current.summary' : 'address.previous.summary',
          ...(index === 0 ? {} : { labelValues: { number: index } }),
          value: [...addressText(address), ...from.map((month) => `From ${month}`)],
        },
      ];
    },
  });
}

export const addressSteps: DynamicSteps<ApplicantDraft> = {
  byId(id) {
    const match = /^address\/([1-9]\d{0,2})$/.exec(id);
    return match ? addressStep(Number(match[1])) : undefined;
  },
  idForPath(path) {
    const match = /^address\/(?:postcode|manual)\/([1-9]\d{0,2})$/.exec(path);
    return match ? `address/${match[1]}` : undefined;
  },
};

export const addressHistoryCheck = step({
  id: 'address-history-check',
  view: 'history-check',
  // Five years covered, every address valid and in order, and no address beyond the one that completed it.
  complete: (a, ctx) => {
    const addresses = history(a);
    return covered(addresses, ctx) && !covered(addresses.slice(0, -1), ctx);
  },
});

export const currentAddressOnly = step({
  ...APPLICANT_ADDRESS_PAGE,
  group: 'personal-details',
  writes: ['currentAddress'],
  read: (a) => a.currentAddress,
  write: (a, v) => ({ ...a, currentAddress: v }),
  summary: (a) => [{ labelKey: 'address.current.summary', value: addressText(a.currentAddress) }],
});
