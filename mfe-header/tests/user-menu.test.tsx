/**
 * The user menu flyout on all nine sites, for a logged-out visitor, a logged-in loyalty-card
 * member with beans, a logged-in non-member and a remembered visitor: which links there are, in
 * which order, where they go, which open a new tab, and the greeting. The expectations are the
 * spec's (sections 2 "User menu flyout", 6), written out here; the core is real.
 */
import { render, screen, within } from '@testing-library/react';
import { ready, type PersonalData, type Site } from '@shop/core';
import { headerTexts } from '@shop/texts';
import { ThemeScope, UiProvider } from '@shop/ui';
import { UserMenuFlyout } from '../src/features/flyouts';
import { visitor, visitorBody } from './flyouts-helpers';

const LOCALE: Record<Site, string> = {
  DE: 'de-DE',
  AT: 'de-AT',
  CH: 'de-CH',
  CH_FR: 'fr-CH',
  PL: 'pl-PL',
  CZ: 'cs-CZ',
  HU: 'hu-HU',
  SK: 'sk-SK',
  TR: 'tr-TR',
};
const SITES = Object.keys(LOCALE) as Site[];

/** The sites' loyalty card and help pages (locale-specific content pages; none on TR). */
const LOYALTY_CARD: Partial<Record<Site, string>> = {
  DE: '/kundenkarte',
  AT: '/kundenkarte',
  CH: '/kundenkarte',
  CH_FR: '/carte-client',
  PL: '/karta-klienta',
  CZ: '/zakaznicka-karta',
  HU: '/torzsvasarloi-kartya',
  SK: '/zakaznicka-karta',
};
const HELP: Partial<Record<Site, string>> = {
  DE: '/service-hilfe',
  AT: '/service-hilfe',
  CH: '/service-hilfe',
  CH_FR: '/aide-service',
  PL: '/pomoc',
  CZ: '/napoveda',
  HU: '/segitseg',
  SK: '/pomoc',
};

type Kind = 'ACCOUNT' | 'LOYALTY_CARD' | 'ORDER_HISTORY' | 'WATCHLIST' | 'BEANS' | 'MOBILE_PLAN' | 'COMMUNITY' | 'HELP_AND_SERVICE';
interface Expected {
  kind: Kind;
  href: string;
  newTab: boolean;
}

/** The spec's list for a site and visitor, in order. */
function expectedLinks(site: Site, beansMember: boolean): Expected[] {
  const links: Expected[] = [{ kind: 'ACCOUNT', href: '/account', newTab: false }];
  if (site !== 'TR') links.push({ kind: 'LOYALTY_CARD', href: LOYALTY_CARD[site]!, newTab: false });
  links.push({ kind: 'ORDER_HISTORY', href: '/orderhistory', newTab: false });
  links.push({ kind: 'WATCHLIST', href: '/watchlist', newTab: false });
  if (beansMember) links.push({ kind: 'BEANS', href: '/beanaccount', newTab: false });
  if (site === 'DE') {
    links.push({ kind: 'MOBILE_PLAN', href: 'https://mobil.shop.example/login', newTab: true });
    links.push({ kind: 'COMMUNITY', href: 'https://community.shop.example/', newTab: true });
  }
  if (site !== 'TR') links.push({ kind: 'HELP_AND_SERVICE', href: HELP[site]!, newTab: false });
  return links;
}

const text = (site: Site, key: string) => {
  const value = headerTexts.loaded(LOCALE[site])?.[key];
  if (!value) throw new Error(`no ${key} for ${site}`);
  return value;
};

async function renderMenu(site: Site, person: PersonalData, basePath?: string) {
  const core = await ready();
  return render(
    <UiProvider core={core} site={site}>
      <ThemeScope>
        <UserMenuFlyout visitor={person} basePath={basePath} />
      </ThemeScope>
    </UiProvider>,
  );
}

/** The links of the menu's list (not the action buttons), in order. */
const menuLinks = () => within(screen.getByRole('list')).getAllByRole('link');

/** A balance of 1234 beans as each site writes numbers (grouped as its prices are). */
const BEANS_1234: Record<Site, string> = {
  DE: '1.234',
  AT: '1.234',
  CH: "1'234",
  CH_FR: "1'234",
  PL: '1\u00a0234',
  CZ: '1\u00a0234',
  HU: '1\u00a0234',
  SK: '1.234',
  TR: '1.234',
};

function expectLinks(site: Site, expected: Expected[], beans = '0') {
  const links = menuLinks();
  expect(links).toHaveLength(expected.length);
  expected.forEach((want, index) => {
    const link = links[index];
    const name = text(site, `header.userMenu.${want.kind}`).replace('{count}', beans);
    expect(link.textContent).toContain(name);
    expect(link).toHaveAttribute('href', want.href);
    if (want.newTab) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      // The design system's hidden "(opens in a new tab)" is part of the name.
      expect(link.textContent!.length).toBeGreaterThan(name.length);
    } else {
      expect(link).not.toHaveAttribute('target');
    }
  });
}

describe.each(SITES)('on %s', (site) => {
  it('logged out: the welcome text, Login and Register, the links without beans', async () => {
    await renderMenu(site, await visitor(visitorBody('LOGGED_OUT', { member: true, beans: 50 })));
    expect(screen.getByText(text(site, 'header.userMenu.welcome'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text(site, 'header.userMenu.login') })).toHaveAttribute('href', '/signin?loginRedirect=red');
    expect(screen.getByRole('link', { name: text(site, 'header.userMenu.register') })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: text(site, 'header.userMenu.logout') })).not.toBeInTheDocument();
    expectLinks(site, expectedLinks(site, false));
  });

  it('logged in as a loyalty-card member: "Hallo {name}", Logout, and the beans with the count', async () => {
    await renderMenu(site, await visitor(visitorBody('LOGGED_IN', { member: true, beans: 1234 })));
    expect(screen.getByText(text(site, 'header.userMenu.greeting').replace('{name}', 'Anna Berg'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text(site, 'header.userMenu.logout') })).toHaveAttribute('href', '/logout');
    expect(screen.queryByRole('link', { name: text(site, 'header.userMenu.login') })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: text(site, 'header.userMenu.register') })).not.toBeInTheDocument();
    expectLinks(site, expectedLinks(site, true), BEANS_1234[site]);
  });

  it('logged in without the loyalty card: the greeting, Logout, no beans', async () => {
    await renderMenu(site, await visitor(visitorBody('LOGGED_IN', { member: false, beans: 1234 })));
    expect(screen.getByText(text(site, 'header.userMenu.greeting').replace('{name}', 'Anna Berg'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text(site, 'header.userMenu.logout') })).toBeInTheDocument();
    expectLinks(site, expectedLinks(site, false));
  });
});

describe('the greeting', () => {
  it('greets a remembered visitor by name, with Logout', async () => {
    await renderMenu('DE', await visitor(visitorBody('REMEMBERED', { firstname: 'Jörg', lastname: '' })));
    expect(screen.getByText('Hallo Jörg')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abmelden' })).toBeInTheDocument();
    // The greeting is the menu's heading and names its region, as the store finder's does.
    expect(screen.getByRole('region', { name: 'Hallo Jörg' })).toContainElement(screen.getByRole('heading', { level: 2, name: 'Hallo Jörg' }));
  });

  it('without a name says hello without one', async () => {
    await renderMenu('DE', await visitor(visitorBody('LOGGED_IN', { firstname: '', lastname: '' })));
    expect(screen.getByText('Hallo!')).toBeInTheDocument();
    expect(screen.queryByText(/\{name\}/)).not.toBeInTheDocument();
  });

  it('renders a name as text, never as markup', async () => {
    await renderMenu('DE', await visitor(visitorBody('LOGGED_IN', { firstname: '<b>Eve</b>', lastname: '' })));
    expect(screen.getByText('Hallo <b>Eve</b>')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });

  it('a visitor whose data has not arrived counts as logged out', async () => {
    await renderMenu('DE', await visitor(''));
    expect(screen.getByRole('link', { name: 'Anmelden' })).toBeInTheDocument();
  });
});

describe('the action buttons', () => {
  const variantOf = (link: HTMLElement) =>
    ['primary', 'secondary'].filter((variant) => link.classList.contains(`sui-button--${variant}`));

  it('logged out: Login first as the primary button, Register after it as the secondary one', async () => {
    await renderMenu('DE', await visitor(visitorBody('LOGGED_OUT')));
    const login = screen.getByRole('link', { name: 'Anmelden' });
    const register = screen.getByRole('link', { name: 'Registrieren' });
    expect(login).toHaveClass('sui-button');
    expect(variantOf(login)).toEqual(['primary']);
    expect(register).toHaveClass('sui-button');
    expect(variantOf(register)).toEqual(['secondary']);
    expect(login.compareDocumentPosition(register) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('in German', () => {
  it('names the DE links as the shopper reads them, in order', async () => {
    await renderMenu('DE', await visitor(visitorBody('LOGGED_IN', { member: true, beans: 7 })));
    expect(menuLinks().map((link) => link.textContent)).toEqual([
      'Mein Konto',
      'Meine Kundenkarte',
      'Meine Bestellungen',
      'Mein Merkzettel',
      'Meine Bohnen: 7',
      'Mobilfunk-Login (öffnet in einem neuen Tab)',
      'Community (öffnet in einem neuen Tab)',
      'Hilfe & Service',
    ]);
  });
});

describe('under a site prefix', () => {
  it('the site links and actions carry it; the external sites do not', async () => {
    await renderMenu('AT', await visitor(''), '/at');
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/at/signin?loginRedirect=red');
    expect(screen.getByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '/at/register');
    expect(menuLinks().map((link) => link.getAttribute('href'))).toEqual([
      '/at/account',
      '/at/kundenkarte',
      '/at/orderhistory',
      '/at/watchlist',
      '/at/service-hilfe',
    ]);
  });
});
