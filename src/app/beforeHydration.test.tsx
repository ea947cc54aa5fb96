import { useState } from 'react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keepWhatIsDoneBeforeHydration, touchedBeforeHydration } from './beforeHydration';

interface Sent {
  email: string;
  size: string;
  winter: boolean;
}

/** A server-rendered form of each kind of field, reporting what its state holds when sent. */
function Form({ method, onSend }: { method: 'get' | 'post'; onSend: (sent: Sent) => void }) {
  const [email, setEmail] = useState('');
  const [size, setSize] = useState('');
  const [winter, setWinter] = useState(false);
  return (
    <form
      method={method}
      action="/login"
      onSubmit={(event) => {
        event.preventDefault();
        onSend({ email, size, winter });
      }}
    >
      <input aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <select aria-label="Size" value={size} onChange={(e) => setSize(e.target.value)}>
        <option value="">Any</option>
        <option value="16">16</option>
      </select>
      <input
        aria-label="Winter"
        type="checkbox"
        checked={winter}
        onChange={() => setWinter(!winter)}
      />
      <button type="submit">Send</button>
      <output>{`${email}|${size}|${winter}`}</output>
    </form>
  );
}

let root: Root | null = null;
let container: HTMLDivElement;

function serverRender(method: 'get' | 'post', onSend: (sent: Sent) => void) {
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(<Form method={method} onSend={onSend} />);
  document.body.append(container);
  return () => {
    act(() => {
      root = hydrateRoot(container, <Form method={method} onSend={onSend} />);
    });
    document.documentElement.dataset.hydrated = 'true';
  };
}

/** What a visitor does before the script: type, pick, tick (nothing of React hears it yet). */
async function actBeforeScript() {
  await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
  await userEvent.selectOptions(screen.getByLabelText('Size'), '16');
  await userEvent.click(screen.getByLabelText('Winter'));
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  delete document.documentElement.dataset.hydrated;
});

it('holds a sign-in form sent before hydration and sends it, as typed, to the app after', async () => {
  const onSend = jest.fn();
  const hydrate = serverRender('post', onSend);
  keepWhatIsDoneBeforeHydration();
  expect(touchedBeforeHydration()).toBe(false);
  await actBeforeScript();
  // What the app starts at the visitor's first touch (Firebase on a sign-in page) starts at once.
  expect(touchedBeforeHydration()).toBe(true);
  const posted = jest.fn((event: SubmitEvent) => event.defaultPrevented);
  document.addEventListener('submit', posted);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  // Not posted back to the server, which would answer with the page, empty.
  expect(posted).toHaveReturnedWith(true);
  document.removeEventListener('submit', posted);
  expect(screen.getByRole('status')).toHaveTextContent('||false');
  expect(onSend).not.toHaveBeenCalled();

  hydrate();
  await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
  expect(onSend).toHaveBeenCalledWith({ email: 'ann@example.com', size: '16', winter: true });
});

it('lets a GET form go as HTML, and tells the app of fields changed early', async () => {
  const onSend = jest.fn();
  const hydrate = serverRender('get', onSend);
  keepWhatIsDoneBeforeHydration();
  const posted = jest.fn((event: SubmitEvent) => {
    const prevented = event.defaultPrevented;
    event.preventDefault(); // jsdom cannot navigate
    return prevented;
  });
  document.addEventListener('submit', posted);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(posted).toHaveReturnedWith(false);
  document.removeEventListener('submit', posted);

  await actBeforeScript();
  hydrate();
  await waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent('ann@example.com|16|true'),
  );
  expect(onSend).not.toHaveBeenCalled();
});
