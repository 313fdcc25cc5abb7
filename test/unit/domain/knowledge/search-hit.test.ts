import { expect } from 'chai';
import { unitLength } from '../../../../src/domain/knowledge/chunk.ts';
import { fuseByReciprocalRank, RRF_K, type SearchHit } from '../../../../src/domain/knowledge/search-hit.ts';

const hit = (documentId: string, chunkIndex = 0): SearchHit => ({
  documentId,
  title: documentId,
  chunkIndex,
  text: '',
  score: 0,
  metadata: {},
});

describe('reciprocal rank fusion', () => {
  it('ranks what both lists found above what one found, and sums 1/(k + rank)', () => {
    const fused = fuseByReciprocalRank(
      [
        [hit('a'), hit('b'), hit('c')],
        [hit('c'), hit('d')],
      ],
      10,
    );
    expect(fused.map((h) => h.documentId)).to.deep.equal(['c', 'a', 'b', 'd']);
    expect(fused[0]?.score).to.be.closeTo(1 / (RRF_K + 3) + 1 / (RRF_K + 1), 1e-12);
  });

  it("tells chunks of one document apart, keeps ties in the first list's order and cuts at the limit", () => {
    const fused = fuseByReciprocalRank(
      [
        [hit('a', 0), hit('a', 1)],
        [hit('b', 0), hit('c', 0)],
      ],
      3,
    );
    expect(fused.map((h) => `${h.documentId}${h.chunkIndex}`)).to.deep.equal(['a0', 'b0', 'a1']);
    expect(fuseByReciprocalRank([[], []], 5)).to.deep.equal([]);
  });

  it('scales vectors to unit length, leaving a zero vector alone', () => {
    expect(unitLength([3, 4])).to.deep.equal([0.6, 0.8]);
    expect(unitLength([0, 0])).to.deep.equal([0, 0]);
  });
});
