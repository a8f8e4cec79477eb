import { describe, expect, it } from 'vitest';
import { createNetwork, drift, resizeNetwork } from './network-drawing';

describe('the network background', () => {
  it('keeps every node where it was on the screen when the window changes size', () => {
    const network = createNetwork(412, 823);
    drift(network, 3);
    const before = network.nodes.map((node) => [node.x / 412, node.y / 823]);
    // A phone's address bar hiding: the same width, 56 px more height.
    resizeNetwork(network, 412, 879);
    const after = network.nodes.map((node) => [node.x / 412, node.y / 879]);
    for (const [index, [x, y]] of after.entries()) {
      expect(x).toBeCloseTo(before[index]![0]!, 9);
      expect(y).toBeCloseTo(before[index]![1]!, 9);
    }
    expect(network.elapsed).toBe(3);
  });

  it('starts from the same places on every visit', () => {
    expect(createNetwork(412, 823).nodes).toEqual(createNetwork(412, 823).nodes);
  });
});
