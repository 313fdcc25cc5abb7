import { expect } from 'chai';
import type { WebhookEndpoint } from '../../../src/domain/webhooks/webhook-endpoint.ts';
import { WebhookEndpointChanged } from '../../../src/domain/webhooks/webhook-errors.ts';
import { at, describeContract } from '../../support/persistence-world.ts';
import { endpointsOf } from '../../support/webhook-endpoint-fixtures.ts';

describeContract('WebhookEndpointRepository', (world) => {
  const newEndpoint = endpointsOf(world);

  it('stores an endpoint field for field, secrets included, and finds the subscribed ones', async () => {
    const endpoint = await newEndpoint(['run.failed']);
    expect(await world.webhookEndpoints.findById(endpoint.id)).to.deep.equal(endpoint);
    expect(
      (await world.webhookEndpoints.subscribedTo(endpoint.workspaceId, 'run.failed')).map((e) => e.id),
    ).to.deep.equal([endpoint.id]);
    expect(await world.webhookEndpoints.subscribedTo(endpoint.workspaceId, 'run.succeeded')).to.deep.equal(
      [],
    );
    endpoint.update({ enabled: false }, at(1));
    await world.webhookEndpoints.save(endpoint);
    expect(await world.webhookEndpoints.subscribedTo(endpoint.workspaceId, 'run.failed')).to.deep.equal([]);
  });

  it('inside one transaction, a write of the endpoints changes what the next subscribedTo finds', async () => {
    const endpoint = await newEndpoint(['run.failed']);
    const found = await world.unitOfWork.transaction(async () => {
      const before = await world.webhookEndpoints.subscribedTo(endpoint.workspaceId, 'run.failed');
      const again = await world.webhookEndpoints.subscribedTo(endpoint.workspaceId, 'run.failed');
      endpoint.update({ enabled: false }, at(1));
      await world.webhookEndpoints.save(endpoint);
      const after = await world.webhookEndpoints.subscribedTo(endpoint.workspaceId, 'run.failed');
      return [before, again, after].map((endpoints) => endpoints.map((e) => e.id));
    });
    expect(found).to.deep.equal([[endpoint.id], [endpoint.id], []]);
  });

  it('saves only over the version it read (of two rotations one wins), and keeps the previous secret', async () => {
    const endpoint = await newEndpoint();
    const first = (await world.webhookEndpoints.findById(endpoint.id)) as WebhookEndpoint;
    const second = (await world.webhookEndpoints.findById(endpoint.id)) as WebhookEndpoint;
    first.rotateSecret('whsec_first', at(1));
    await world.webhookEndpoints.save(first);
    second.rotateSecret('whsec_second', at(2));
    let refused: unknown;
    await world.webhookEndpoints.save(second).catch((error: unknown) => {
      refused = error;
    });
    expect(refused).to.be.instanceOf(WebhookEndpointChanged);
    expect((await world.webhookEndpoints.findById(endpoint.id))?.activeSecrets(at(3))).to.deep.equal([
      'whsec_first',
      endpoint.signingSecret,
    ]);
  });
});
