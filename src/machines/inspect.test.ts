import type { InspectionEvent } from 'xstate';
import type * as InspectModule from './inspect';

/** Loads inspect.ts afresh with NODE_ENV and the URL as given. */
function loadInspector(env: string, search: string) {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = env;
  window.history.replaceState({}, '', `/${search}`);
  sessionStorage.clear();
  const next = jest.fn();
  const createBrowserInspector = jest.fn(() => ({ inspect: { next } }));
  let machineInspector: () => ((event: InspectionEvent) => void) | undefined = () => undefined;
  jest.isolateModules(() => {
    jest.doMock('@statelyai/inspect', () => ({ createBrowserInspector }));
    ({ machineInspector } = jest.requireActual<typeof InspectModule>('./inspect'));
  });
  const inspect = machineInspector();
  process.env.NODE_ENV = previous;
  return { inspect, next, createBrowserInspector };
}

const event = { type: '@xstate.event' } as InspectionEvent;

describe('the Stately inspector', () => {
  afterEach(() => window.history.replaceState({}, '', '/'));

  it('is off without ?inspect', async () => {
    const { inspect, createBrowserInspector } = loadInspector('development', '');
    expect(inspect).toBeUndefined();
    expect(createBrowserInspector).not.toHaveBeenCalled();
  });

  it('is off in production, even with ?inspect', async () => {
    const { inspect } = loadInspector('production', '?inspect');
    expect(inspect).toBeUndefined();
  });

  it('in development with ?inspect, loads the inspector and gives it every event', async () => {
    const { inspect, next, createBrowserInspector } = loadInspector('development', '?inspect');
    expect(inspect).toBeDefined();
    // Events before the package has loaded are kept, then handed over in order.
    inspect!(event);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(createBrowserInspector).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledWith(event);
    inspect!({ ...event, type: '@xstate.snapshot' } as InspectionEvent);
    expect(next).toHaveBeenCalledTimes(2);
    // The tab keeps inspecting after navigating away from the ?inspect URL.
    expect(sessionStorage.getItem('xstate-inspect')).toBe('1');
  });
});
