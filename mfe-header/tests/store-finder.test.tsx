/**
 * The store finder flyout: the labelled input and its 350 px focus width, the search as a full
 * page load to the results path with whatever was typed, the store page link per site and the
 * supermarket offers link on DE only. The navigation is injected; the core is real.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ready, type Site } from '@shop/core';
import { ThemeScope, UiProvider } from '@shop/ui';
import { StoreFinderFlyout } from '../src/features/flyouts';
import { click, renderBar, resetEnvironment, storeButton } from './flyouts-helpers';

afterEach(resetEnvironment);

async function renderStoreFinder(site: Site = 'DE', basePath?: string) {
  const core = await ready();
  const onNavigate = jest.fn();
  const utils = render(
    <UiProvider core={core} site={site}>
      <ThemeScope>
        <StoreFinderFlyout basePath={basePath} onNavigate={onNavigate} />
      </ThemeScope>
    </UiProvider>,
  );
  return { ...utils, onNavigate };
}

const input = () => screen.getByRole('textbox', { name: 'PLZ oder Ort' });
const submit = () => screen.getByRole('button', { name: 'Filiale suchen' });

function typeAndSubmit(text: string, how: 'button' | 'enter' = 'button') {
  act(() => {
    fireEvent.change(input(), { target: { value: text } });
  });
  act(() => {
    if (how === 'button') fireEvent.click(submit());
    else fireEvent.submit(input().closest('form')!);
  });
}

describe('the store search', () => {
  it('has a headline and a labelled postcode-or-city field with a submit button', async () => {
    await renderStoreFinder();
    expect(screen.getByRole('heading', { name: 'Finde eine Filiale in deiner Nähe' })).toBeInTheDocument();
    expect(input()).toBeInTheDocument();
    expect(submit()).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('search', { name: 'Finde eine Filiale in deiner Nähe' })).toContainElement(input());
  });

  it('loads the results page with the typed term, percent-encoded', async () => {
    const { onNavigate } = await renderStoreFinder();
    typeAndSubmit('Zürich');
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(onNavigate).toHaveBeenCalledWith('/service/storefinder/search?searchTerm=Z%C3%BCrich');
  });

  it('sends whatever is typed: spaces kept, an ampersand encoded, Enter in the field submits', async () => {
    const { onNavigate } = await renderStoreFinder();
    typeAndSubmit(' 20095 & Co ', 'enter');
    expect(onNavigate).toHaveBeenCalledWith('/service/storefinder/search?searchTerm=%2020095%20%26%20Co%20');
  });

  it('sends an empty field too (the spec shows no check)', async () => {
    const { onNavigate } = await renderStoreFinder();
    act(() => {
      fireEvent.click(submit());
    });
    expect(onNavigate).toHaveBeenCalledWith('/service/storefinder/search?searchTerm=');
  });

  it('stays under the site prefix on other sites', async () => {
    const { onNavigate } = await renderStoreFinder('AT', '/at');
    typeAndSubmit('Wien');
    expect(onNavigate).toHaveBeenCalledWith('/at/service/storefinder/search?searchTerm=Wien');
  });

  it('asks the browser for the postcode to fill in (autocomplete="postal-code")', async () => {
    await renderStoreFinder();
    expect(input()).toHaveAttribute('autocomplete', 'postal-code');
  });

  it('widens the field to the core 350 px on focus (custom property the stylesheet reads)', async () => {
    await renderStoreFinder();
    const section = input().closest('.shd-store-finder') as HTMLElement;
    expect(section.style.getPropertyValue('--shd-store-search-focus-width')).toBe('350px');
    expect(input().closest('.shd-store-finder__field')).not.toBeNull();
  });
});

describe('the links', () => {
  it.each([
    ['DE' as const, '/filialen', 'Alle Filialen'],
    ['CH_FR' as const, '/filiales', 'Tous les magasins'],
    ['PL' as const, '/sklepy', 'Wszystkie sklepy'],
    ['TR' as const, '/magazalar', 'Tüm mağazalar'],
  ])('on %s the store page is %s', async (site, href, name) => {
    await renderStoreFinder(site);
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it('under a site prefix the store page link carries it', async () => {
    await renderStoreFinder('AT', '/at');
    expect(screen.getByRole('link', { name: 'Alle Filialen' })).toHaveAttribute('href', '/at/filialen');
  });

  it('on DE the supermarket offers are linked', async () => {
    await renderStoreFinder('DE');
    expect(screen.getByRole('link', { name: 'Angebote im Supermarkt' })).toHaveAttribute('href', '/supermarkt-angebote');
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it.each(['AT', 'CH', 'CH_FR', 'PL', 'CZ', 'HU', 'SK', 'TR'] as const)('on %s there is no supermarket link', async (site) => {
    await renderStoreFinder(site);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /supermar/i })).not.toBeInTheDocument();
  });
});

describe('in the icon bar', () => {
  it('the store finder icon opens it and its search goes through the header navigation', async () => {
    const { onNavigate } = await renderBar();
    click(storeButton());
    typeAndSubmit('Hamburg');
    expect(onNavigate).toHaveBeenCalledWith('/service/storefinder/search?searchTerm=Hamburg');
  });
});
