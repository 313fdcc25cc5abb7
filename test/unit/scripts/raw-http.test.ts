import { expect } from 'chai';
import { parseAnswer } from '../../../scripts/resilience/raw-http.ts';

describe('raw HTTP answers (resilience scripts)', () => {
  const bytes = (text: string) => Buffer.from(text, 'latin1');

  it('waits for the whole body of a chunked answer', () => {
    const head = 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\ncontent-type: application/json\r\n\r\n';
    expect(parseAnswer(bytes(`${head}2\r\n{}\r\n`), false)).to.equal(undefined);
    expect(parseAnswer(bytes(`${head}2\r\n{}\r\n0\r\n\r\n`), false)?.body.toString()).to.equal('{}');
  });

  it("takes an event stream's status and headers as its answer: a run still going never ends it", () => {
    const head = 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\ncontent-type: text/event-stream\r\n\r\n';
    expect(parseAnswer(bytes(head), false)).to.include({ status: 200 });
  });

  it('skips interim 1xx answers', () => {
    const answer = parseAnswer(bytes('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n'), false);
    expect(answer).to.include({ status: 204 });
  });
});
