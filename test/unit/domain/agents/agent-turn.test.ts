import { expect } from 'chai';
import { parseDefinition } from '../../../../src/domain/agents/agent.ts';
import { nextMove } from '../../../../src/domain/agents/agent-turn.ts';
import { branchOf, chatMessagesOf, type ThreadMessage } from '../../../../src/domain/agents/thread.ts';
import { InvalidFields, InvalidInput } from '../../../../src/domain/kernel/errors.ts';

let counter = 0;
function message(fields: Partial<ThreadMessage> & Pick<ThreadMessage, 'role'>): ThreadMessage {
  counter += 1;
  return {
    id: `m${counter}`,
    threadId: 't',
    parentId: null,
    content: '',
    toolCalls: null,
    toolCallId: null,
    fileIds: [],
    runId: 'r',
    createdAt: new Date(0),
    ...fields,
  };
}

describe('agent turns: what a run does next, read from its branch', () => {
  const call = (id: string) => ({ id, name: 'calc', arguments: '{}' });

  it('calls the model after a user message, and again once every tool call has its result', () => {
    const user = message({ role: 'user', content: 'hi' });
    expect(nextMove([user])).to.deep.equal({ type: 'call_model' });
    const asked = message({ role: 'assistant', toolCalls: [call('a'), call('b')], parentId: user.id });
    expect(nextMove([user, asked])).to.deep.equal({ type: 'call_tool', call: call('a') });
    const a = message({ role: 'tool', toolCallId: 'a', parentId: asked.id });
    expect(nextMove([user, asked, a])).to.deep.equal({ type: 'call_tool', call: call('b') });
    const b = message({ role: 'tool', toolCallId: 'b', parentId: a.id });
    expect(nextMove([user, asked, a, b])).to.deep.equal({ type: 'call_model' });
    const final = message({ role: 'assistant', content: 'done', parentId: b.id });
    expect(nextMove([user, asked, a, b, final])).to.deep.equal({ type: 'answered', content: 'done' });
  });

  it('follows one branch of the tree, root first, and sends it in the provider-neutral shape', () => {
    const root = message({ role: 'user', content: 'A' });
    const answer = message({ role: 'assistant', content: 'A1', parentId: root.id });
    const old = message({ role: 'user', content: 'B', parentId: answer.id });
    const edit = message({ role: 'user', content: 'C', parentId: answer.id });
    const all = [root, answer, old, edit];
    expect(branchOf(all, edit.id).map((m) => m.content)).to.deep.equal(['A', 'A1', 'C']);
    expect(branchOf(all, old.id).map((m) => m.content)).to.deep.equal(['A', 'A1', 'B']);
    expect(chatMessagesOf(branchOf(all, edit.id))).to.deep.equal([
      { role: 'user', content: 'A' },
      { role: 'assistant', content: 'A1' },
      { role: 'user', content: 'C' },
    ]);
  });

  it('checks a definition: max_steps 1 to 50 (default 8), tool names unique and well-formed', () => {
    const base = { providerId: 'p', model: 'm', instructions: '' };
    expect(parseDefinition(base).settings).to.deep.equal({
      temperature: null,
      maxOutputTokens: null,
      maxSteps: 8,
    });
    expect(() => parseDefinition({ ...base, settings: { max_steps: 51 } })).to.throw(InvalidInput);
    const tool = { type: 'code', name: 'x', description: '' };
    expect(() => parseDefinition({ ...base, tools: [tool, tool] })).to.throw(InvalidFields);
    expect(() => parseDefinition({ ...base, tools: [{ ...tool, name: 'no spaces' }] })).to.throw(
      InvalidFields,
    );
    expect(() => parseDefinition({ ...base, tools: [{ ...tool, type: 'memory' }] })).to.throw(InvalidFields);
    const [parsed] = parseDefinition({ ...base, tools: [{ ...tool, requires_approval: true }] }).tools;
    expect(parsed).to.deep.equal({ type: 'code', name: 'x', description: '', requiresApproval: true });
  });
});
