import { readShellConfig } from '../src/config';

function pageWith(json: string): Document {
  document.body.innerHTML = '';
  const island = document.createElement('script');
  island.type = 'application/json';
  island.id = 'shell-config';
  island.textContent = json;
  document.body.append(island);
  return document;
}

const cart = {
  storageKey: 'cart.PL',
  siteHeader: 'site',
  reloadEvents: ['cartTriggerUpdate', 'tpModalBeforeClosing'],
  itemCountEvent: 'cartItemCountChanged',
  servicePath: '/service/cart/api/cart',
  changeErrorMs: 7500, requestTimeoutMs: 15000,
};

describe('the shell configuration the page carries', () => {
  it('names the remotes by manifest URL', () => {
    const config = readShellConfig(
      pageWith(
        JSON.stringify({
          site: 'PL',
          pageType: 'home',
          remotes: [{ name: 'minicart', manifest: 'http://localhost:8081/mf-manifest.json' }, { name: 42 }],
          cart,
        }),
      ),
    );
    expect(config?.site).toBe('PL');
    expect(config?.remotes).toEqual([{ name: 'minicart', manifest: 'http://localhost:8081/mf-manifest.json' }]);
    expect(config?.cart.itemCountEvent).toBe('cartItemCountChanged');
  });

  it('is absent when missing or malformed, so the page stays as rendered', () => {
    expect(readShellConfig(pageWith('{not json'))).toBeUndefined();
    expect(readShellConfig(pageWith(JSON.stringify({ site: 'DE', pageType: 'home', remotes: [] })))).toBeUndefined();
    // Cart names without the site header: the add-to-cart would call another site's cart.
    const { siteHeader: _, ...withoutSiteHeader } = cart;
    expect(readShellConfig(pageWith(JSON.stringify({ site: 'DE', pageType: 'home', remotes: [], cart: withoutSiteHeader })))).toBeUndefined();
    document.body.innerHTML = '';
    expect(readShellConfig(document)).toBeUndefined();
  });
});

describe('the header settings of the configuration', () => {
  const base = { site: 'AT', pageType: 'home', remotes: [], cart };

  it('reads the mini cart switch, the CSRF cookie name and the site path prefix', () => {
    const config = readShellConfig(
      pageWith(JSON.stringify({ ...base, miniCartEnabled: false, csrfCookie: 'csrf', basePath: '/at', topBanner: 'top-banner' })),
    );
    expect(config).toMatchObject({ miniCartEnabled: false, csrfCookie: 'csrf', basePath: '/at', topBanner: 'top-banner' });
  });

  it('defaults to the mini cart on, no CSRF cookie and no prefix', () => {
    expect(readShellConfig(pageWith(JSON.stringify(base)))).toMatchObject({
      miniCartEnabled: true,
      csrfCookie: undefined,
      basePath: '',
      topBanner: undefined,
      staffPreview: false,
    });
  });

  it('marks staff pages only for a literal true', () => {
    expect(readShellConfig(pageWith(JSON.stringify({ ...base, staffPreview: true })))?.staffPreview).toBe(true);
    for (const staffPreview of ['true', 1, null]) {
      expect(readShellConfig(pageWith(JSON.stringify({ ...base, staffPreview })))?.staffPreview).toBe(false);
    }
  });

  it('marks the basket page only for a literal true', () => {
    expect(readShellConfig(pageWith(JSON.stringify({ ...base, basketPage: true })))?.basketPage).toBe(true);
    for (const basketPage of ['true', 1, null, undefined]) {
      expect(readShellConfig(pageWith(JSON.stringify({ ...base, basketPage })))?.basketPage).toBe(false);
    }
  });

  it('refuses a prefix that would lead to another host or path', () => {
    for (const basePath of ['//evil.example', '/at/../x', 'at', '/AT ', 'javascript:x', 42]) {
      expect(readShellConfig(pageWith(JSON.stringify({ ...base, basePath })))?.basePath).toBe('');
    }
  });

  it('refuses a protocol-relative prefix whose host has no dot, and a prefix of more than one segment', () => {
    for (const basePath of ['//intranet', '///', '/at//', '/at/de']) {
      expect(readShellConfig(pageWith(JSON.stringify({ ...base, basePath })))?.basePath).toBe('');
    }
  });
});

describe('the consent settings of the configuration', () => {
  const base = { site: 'DE', pageType: 'home', remotes: [], cart };

  it("reads the consent manager's change event and the data-layer event", () => {
    const consent = { changedEvent: 'consent:changed', dataLayerEvent: 'consent_update' };
    expect(readShellConfig(pageWith(JSON.stringify({ ...base, consent })))?.consent).toEqual(consent);
  });

  it('leaves them out when absent or incomplete: nothing is followed', () => {
    for (const consent of [undefined, null, 'consent:changed', { changedEvent: 'consent:changed' }, { changedEvent: '', dataLayerEvent: 'x' }, { changedEvent: 1, dataLayerEvent: 'x' }]) {
      expect(readShellConfig(pageWith(JSON.stringify({ ...base, consent })))?.consent).toBeUndefined();
    }
  });
});
