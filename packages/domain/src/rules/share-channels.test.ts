import { describe, expect, it } from 'vitest';
import {
  LIMITED_SHARE_CHANNELS,
  SHARE_CHANNEL_RULES,
  SHARE_CHANNELS,
  shareChannelRules,
} from './share-channels';

describe('the share-channel registry', () => {
  it('has one entry per channel', () => {
    expect(Object.keys(SHARE_CHANNEL_RULES).sort()).toEqual([...SHARE_CHANNELS].sort());
  });

  it('a digital share counts towards the limit and can be stopped; a paper copy is once, posted, for good', () => {
    expect(shareChannelRules('DIGITAL')).toEqual({
      countsTowardsLimit: true,
      oncePerResult: false,
      stoppable: true,
      delivery: 'online',
    });
    expect(shareChannelRules('PAPER')).toEqual({
      countsTowardsLimit: false,
      oncePerResult: true,
      stoppable: false,
      delivery: 'post',
    });
    expect(LIMITED_SHARE_CHANNELS).toEqual(['DIGITAL']);
  });
});
