/**
 * The staff preview panel (`preview/PreviewPanel`): loaded only on pages the server marks for
 * staff (`staffPreview`: the request carried the staff auth cookie), so shoppers never load it.
 * The panel itself asks the auth check before it shows anything.
 */
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { ShellConfig } from './config';
import { loadFragment } from './federation';
import { FragmentBoundary } from './fragmentBoundary';

interface PreviewPanelProps {
  site: string;
  csrfCookie?: string;
}

/** Mounts the panel at the end of the page; `false` when not for staff or unavailable. */
export async function mountPreviewPanel(config: ShellConfig): Promise<boolean> {
  if (!config.staffPreview) return false;
  const module = await loadFragment<{ default?: ComponentType<PreviewPanelProps> }>('preview/PreviewPanel');
  const PreviewPanel = module?.default;
  if (typeof PreviewPanel !== 'function') return false;
  const container = document.createElement('div');
  container.className = 'shell-preview-app';
  document.body.append(container);
  createRoot(container).render(
    <FragmentBoundary name="preview" onError={() => container.remove()}>
      <PreviewPanel site={config.site} csrfCookie={config.csrfCookie} />
    </FragmentBoundary>,
  );
  return true;
}
