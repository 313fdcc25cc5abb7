import { getHeapSpaceStatistics } from 'node:v8';
import { expect } from 'chai';
import { compactHeap } from '../../../../../src/adapters/platform/system/compact-heap.ts';

describe('compactHeap', () => {
  const youngGeneration = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');

  it("shrinks V8's young generation to its minimum and leaves no gc function on the global object", () => {
    // Garbage that survives a few scavenges makes V8 grow the young generation.
    let kept: unknown[] = [];
    for (let i = 0; i < 200_000; i++) {
      kept.push({ i, text: `item ${i}` });
      if (kept.length > 50_000) kept = [];
    }
    compactHeap();
    expect(youngGeneration()?.space_size).to.be.at.most(1024 * 1024);
    expect(kept.length).to.be.greaterThan(0);
    expect(globalThis).to.not.have.property('gc');
  });
});
