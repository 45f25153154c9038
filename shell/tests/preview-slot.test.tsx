/**
 * The shell's staff preview slot: the panel is loaded only on pages the server marks for staff,
 * and is handed the page's site and the name of the page's CSRF cookie, which its token and
 * logout calls repeat (a page that names its own cookie would otherwise be refused).
 */
import { act } from '@testing-library/react';
import { mountPreviewPanel } from '../src/previewSlot';
import { loadFragment } from '../src/federation';
import { shellConfig } from './shellConfig';

jest.mock('../src/federation', () => ({ loadFragment: jest.fn() }));
const load = loadFragment as jest.MockedFunction<typeof loadFragment>;

interface PanelProps {
  site: string;
  csrfCookie?: string;
}

afterEach(() => {
  load.mockReset();
  document.body.innerHTML = '';
});

it('loads nothing for a shopper: only a page the server marks for staff gets the panel', async () => {
  document.body.innerHTML = '<main>Angebote</main>';
  await expect(mountPreviewPanel(shellConfig('AT'))).resolves.toBe(false);
  expect(load).not.toHaveBeenCalled();
  expect(document.body.children).toHaveLength(1);
});

it("mounts the panel at the end of the page with the page's site and the name of its CSRF cookie", async () => {
  const received: PanelProps[] = [];
  function PreviewPanel(props: PanelProps) {
    received.push(props);
    return <button type="button">Vorschau-Einstellungen</button>;
  }
  load.mockResolvedValue({ default: PreviewPanel });
  document.body.innerHTML = '<main>Angebote</main>';
  await act(async () => {
    await expect(mountPreviewPanel(shellConfig('AT', { staffPreview: true, csrfCookie: 'XSRF-TOKEN' }))).resolves.toBe(true);
  });
  expect(load).toHaveBeenCalledWith('preview/PreviewPanel');
  expect(received[0]).toEqual({ site: 'AT', csrfCookie: 'XSRF-TOKEN' });
  expect(document.body.lastElementChild).toHaveTextContent('Vorschau-Einstellungen');
});
