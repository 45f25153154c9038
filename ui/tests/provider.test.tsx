/**
 * The provider and the theme scope: the texts follow the site (German fallback), the tokens
 * apply inside a scope only, the breakpoints come from the core, and an element outside a
 * provider is a wiring mistake that says so.
 */
import { render, screen } from '@testing-library/react';
import { ready, type Core } from '@shop/core';
import { TextSlider, ThemeScope, UiProvider, useUi } from '@shop/ui';

let core: Core;
beforeAll(async () => {
  core = await ready();
});

test('the scope carries its theme and the core breakpoints as custom properties', () => {
  const { container } = render(
    <UiProvider core={core} site="DE">
      <ThemeScope theme="coffee-dark">x</ThemeScope>
    </UiProvider>,
  );
  const scope = container.querySelector<HTMLElement>('.sui-scope')!;
  expect(scope).toHaveAttribute('data-sui-theme', 'coffee-dark');
  expect(scope.style.getPropertyValue('--sui-breakpoint-xs')).toBe('374px');
  expect(scope.style.getPropertyValue('--sui-breakpoint-4xl')).toBe('1919px');
});

test('an unknown theme falls back to light', () => {
  const { container } = render(
    <UiProvider core={core} site="DE">
      {/* A host page may hand over anything. */}
      <ThemeScope theme={'neon' as never}>x</ThemeScope>
    </UiProvider>,
  );
  expect(container.querySelector('.sui-scope')).toHaveAttribute('data-sui-theme', 'light');
});

test.each([
  ['DE', 'mehr anzeigen'],
  ['CH_FR', 'afficher plus'],
  ['TR', 'daha fazla göster'],
] as const)('texts follow the site: %s shows "%s"', (site, more) => {
  render(
    <UiProvider core={core} site={site}>
      <TextSlider>Text</TextSlider>
    </UiProvider>,
  );
  expect(screen.getByRole('button', { name: more })).toBeInTheDocument();
});

test('an element outside a provider throws a clear error', () => {
  function Probe() {
    useUi();
    return null;
  }
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => render(<Probe />)).toThrow('@shop/ui: an element rendered outside <UiProvider>');
  quiet.mockRestore();
});
