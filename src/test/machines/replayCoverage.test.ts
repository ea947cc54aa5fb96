import { createMachine } from 'xstate';
import { models } from './checkoutModels';
import { replayedEvents, replayedStates, replayGaps } from './replayCoverage';

const machine = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'open' } },
    open: {
      initial: 'swinging',
      states: { swinging: { on: { STOP: 'still' } }, still: {} },
      on: { CLOSE: 'closed' },
    },
  },
});

const step = async () => {};

describe('the browser replay tables must map every state and event of their machine', () => {
  it('reads the events and the states a screen can rest in from the machine', () => {
    expect(replayedEvents(machine)).toEqual(['CLOSE', 'OPEN', 'STOP']);
    expect(replayedStates(machine)).toEqual(['closed', 'open.swinging', 'open.still']);
  });

  it('passes a complete table', () => {
    const table = {
      events: { OPEN: step, CLOSE: step, STOP: step },
      states: { closed: step, 'open.swinging': step, 'open.still': step },
    };
    expect(replayGaps('door', machine, table)).toEqual([]);
  });

  it('names each state and event without a line, and each line for nothing', () => {
    const table = {
      events: { OPEN: step, CLOSE: step, SLAM: step },
      states: { closed: step, 'open.swinging': step },
    };
    expect(replayGaps('door', machine, table)).toEqual([
      'door: the event STOP has no replay',
      'door: the state open.still has no screen to check',
      'door: the replay of SLAM is for no event of it',
    ]);
  });

  it('has something to map in every checkout machine', () => {
    for (const model of models) {
      expect(replayedStates(model.machine).length).toBeGreaterThan(0);
      expect(replayedEvents(model.machine).length).toBeGreaterThan(0);
    }
  });
});
