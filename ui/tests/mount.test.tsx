/**
 * mountComponent: every fragment's mount(element, props) -> unmount. It renders, updates,
 * unmounts, and contains a failure so the host page goes on.
 */
import { act } from '@testing-library/react';
import { mountComponent } from '@shop/ui';

function Greeting({ name }: { name: string }) {
  return <p>Hallo {name}</p>;
}

function Broken(): never {
  throw new Error('broken fragment');
}

test('renders into the host element, updates with changed props, and unmounts', async () => {
  const element = document.createElement('div');
  document.body.append(element);
  let unmount!: ReturnType<typeof mountComponent<{ name: string }>>;
  await act(async () => {
    unmount = mountComponent(element, Greeting, { name: 'Maria' }, 'test');
  });
  expect(element.textContent).toBe('Hallo Maria');
  await act(async () => unmount.update({ name: 'Max' }));
  expect(element.textContent).toBe('Hallo Max');
  await act(async () => unmount());
  expect(element.textContent).toBe('');
});

test('a fragment that throws leaves its element empty and the page going on', async () => {
  const element = document.createElement('div');
  document.body.append(element);
  const sibling = document.createElement('p');
  sibling.textContent = 'Host page';
  document.body.append(sibling);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  await act(async () => {
    mountComponent(element, Broken, {}, 'broken');
  });
  expect(element.textContent).toBe('');
  expect(sibling.textContent).toBe('Host page');
  expect(warn).toHaveBeenCalledWith('[broken] stopped after an error', expect.any(Error));
  warn.mockRestore();
  error.mockRestore();
});
