/**
 * The shell (host) on every page: registers the remotes named by the page's configuration and
 * enhances the server-rendered page (cart button and badge, add-to-cart buttons). React, the
 * core and the fragments load on first need; the design system's gallery on its own page.
 */
import { followItemCount } from './badge';
import { enhanceAddToCart } from './addToCart';
import { enhanceCartButton } from './cartButton';
import { readShellConfig } from './config';
import { registerFragments } from './federation';
import './shell.css';

const config = readShellConfig();
if (config) {
  registerFragments(config.remotes);
  followItemCount(config);
  enhanceCartButton(config);
  enhanceAddToCart(config);
  const gallery = document.getElementById('design-system-gallery');
  if (config.pageType === 'designSystem' && gallery) {
    import('./designSystem/mountGallery')
      .then(({ mountGallery }) => mountGallery(gallery, config.site))
      .catch((error: unknown) => console.warn('[shell] the design system gallery failed to load', error));
  }
}
