import { expect } from 'chai';
import { collectBuffersAsTheyGrow } from '../../../../../src/adapters/platform/system/buffer-collection.ts';

const MIB = 1024 * 1024;
const tick = () => new Promise((resolve) => setTimeout(resolve, 15));

describe('collectBuffersAsTheyGrow', () => {
  it('collects once Buffers grew by the threshold since the floor, then measures from what is left', async () => {
    let bytes = 10 * MIB;
    let collections = 0;
    const stop = collectBuffersAsTheyGrow({
      everyMs: 5,
      growthBytes: 16 * MIB,
      bufferBytes: () => bytes,
      collect: () => {
        collections++;
        bytes = 12 * MIB;
      },
    });
    try {
      bytes = 20 * MIB;
      await tick();
      expect(collections).to.equal(0);
      bytes = 27 * MIB;
      await tick();
      expect(collections).to.equal(1);
      bytes = 20 * MIB;
      await tick();
      expect(collections, 'the floor is 12 MiB now').to.equal(1);
      bytes = 29 * MIB;
      await tick();
      expect(collections).to.equal(2);
    } finally {
      stop();
    }
  });

  it('lowers its floor when Buffers shrink on their own', async () => {
    let bytes = 40 * MIB;
    let collections = 0;
    const stop = collectBuffersAsTheyGrow({
      everyMs: 5,
      growthBytes: 16 * MIB,
      bufferBytes: () => bytes,
      collect: () => collections++,
    });
    try {
      bytes = 5 * MIB;
      await tick();
      bytes = 22 * MIB;
      await tick();
      expect(collections).to.be.greaterThan(0);
    } finally {
      stop();
    }
  });

  it('runs a real young-generation collection by default', async () => {
    const stop = collectBuffersAsTheyGrow({ everyMs: 5, growthBytes: 1 });
    try {
      for (let i = 0; i < 50; i++) Buffer.alloc(64 * 1024);
      await tick();
    } finally {
      stop();
    }
  });
});
