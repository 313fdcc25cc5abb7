import { expect } from 'chai';
import {
  isSignedTimestampAcceptable,
  requiresSignedTimestamp,
  SIGNATURE_TOLERANCE_SECONDS,
  timestampFault,
} from '../../../../src/domain/triggers/signature-policy.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const NOW_S = NOW.getTime() / 1000;

describe('signature policy', () => {
  it('keeps the tolerance CONTRACT section 4 promises: |now - t| <= 300 s', () => {
    expect(SIGNATURE_TOLERANCE_SECONDS).to.equal(300);
  });

  it('accepts a signed timestamp up to the tolerance away, on both sides, and not a second more', () => {
    for (const skew of [0, SIGNATURE_TOLERANCE_SECONDS, -SIGNATURE_TOLERANCE_SECONDS, 0.5]) {
      expect(isSignedTimestampAcceptable(NOW_S + skew, NOW), `skew ${skew}`).to.equal(true);
    }
    for (const skew of [SIGNATURE_TOLERANCE_SECONDS + 1, -SIGNATURE_TOLERANCE_SECONDS - 1]) {
      expect(isSignedTimestampAcceptable(NOW_S + skew, NOW), `skew ${skew}`).to.equal(false);
    }
    expect(isSignedTimestampAcceptable(Number.NaN, NOW)).to.equal(false);
  });

  it('requires a timestamp only of a trigger that asks for one', () => {
    expect(requiresSignedTimestamp({ requireTimestamp: true })).to.equal(true);
    expect(requiresSignedTimestamp({ requireTimestamp: false })).to.equal(false);
    expect(requiresSignedTimestamp(undefined)).to.equal(false);
  });

  it('judges a matching signature by its timestamp and the trigger', () => {
    const late = NOW_S - SIGNATURE_TOLERANCE_SECONDS - 1;
    expect(timestampFault(undefined, NOW, false)).to.equal(undefined);
    expect(timestampFault(undefined, NOW, true)).to.equal('timestamp_required');
    expect(timestampFault(NOW_S, NOW, true)).to.equal(undefined);
    expect(timestampFault(late, NOW, false)).to.equal('timestamp_outside_window');
    expect(timestampFault(late, NOW, true)).to.equal('timestamp_outside_window');
  });
});
