/**
 * The staff preview panel (`preview/PreviewPanel`): loaded only on pages the server marks for
 * staff (`staffPreview`: the request carried the staff auth cookie), so shoppers never load it.
 * The panel itself asks the auth check before it shows anything.
 */
import { FragmentBoundary } from '@shop/ui';
import { createRoot } from 'react-dom/client';
import type { ShellConfig } from './config';
import { loadComponent } from './loadComponent';

interface PreviewPanelProps {
  site: string;
  csrfCookie?: string;
}

/** Mounts the panel at the end of the page; `false` when not for staff or unavailable. */
export async function mountPreviewPanel(config: ShellConfig): Promise<boolean> {
  if (!config.staffPreview) return false;
  const PreviewPanel = await loadComponent<PreviewPanelProps>('preview/PreviewPanel');
  if (!PreviewPanel) return false;
  const container = document.createElement('div');
  container.className = 'shell-preview-app';
  document.body.append(container);
  createRoot(container).render(
    <FragmentBoundary source="shell" name="preview fragment" onError={() => container.remove()}>
      <PreviewPanel site={config.site} csrfCookie={config.csrfCookie} />
    </FragmentBoundary>,
  );
  return true;
}
