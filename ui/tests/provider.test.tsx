/**
 * The provider and the theme scope: the texts follow the site (German fallback), the tokens
 * apply inside a scope only, the breakpoints come from the core, and an element outside a
 * provider is a wiring mistake that says so.
 */
import { Component, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { ready, type Core } from '@shop/core';
import type { TextTable } from '@shop/texts';
import { TextSlider, ThemeScope, UiProvider, useTranslate, useUi } from '@shop/ui';
import { textTable } from '../../texts/src/table';

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

// A page loads only the texts of its site's locales (ADR 0030): the provider loads the tables its
// tree reads before it shows anything, and keeps a tree shown while another site's texts come.
describe('the texts a provider loads', () => {
  /** A table whose locales come when the test says so; which locales were asked for is kept. */
  function heldTable(name: string) {
    const asked: string[] = [];
    const held = new Map<string, { resolve(): void; reject(error: Error): void }>();
    const table = textTable(name, { locales: ['de-DE', 'pl-PL', 'tr-TR'], complete: ['de-DE', 'pl-PL', 'tr-TR'] }, (locale) => {
      asked.push(locale);
      return new Promise((resolve, reject) => {
        held.set(locale, {
          resolve: () => resolve({ default: { 'sample.greeting': `${name} in ${locale}` } }),
          reject,
        });
      });
    });
    const release = (locale: string) => act(async () => held.get(locale)!.resolve());
    const fail = (locale: string) => act(async () => held.get(locale)!.reject(new Error('the chunk did not load')));
    return { table, asked, release, fail };
  }

  function Greeting({ table }: { table: TextTable }) {
    return <p>{useTranslate(table)('sample.greeting')}</p>;
  }

  test("shows its tree once the site's locale is in, and asks for no other locale", async () => {
    const { table, asked, release } = heldTable('sample');
    const texts = [table];
    render(
      <UiProvider core={core} site="PL" texts={texts}>
        <Greeting table={table} />
      </UiProvider>,
    );
    expect(screen.queryByRole('paragraph')).toBeNull();
    // Polish is written with its German fallback filled in: one locale is all a page loads.
    expect(asked).toEqual(['pl-PL']);
    await release('pl-PL');
    expect(screen.getByRole('paragraph')).toHaveTextContent('sample in pl-PL');
  });

  test("keeps the tree it shows, with its focus, while another site's texts come", async () => {
    const { table, release } = heldTable('sample');
    const texts = [table];
    const tree = (site: 'DE' | 'TR') => (
      <UiProvider core={core} site={site} texts={texts}>
        <Greeting table={table} />
        <input aria-label="kept" />
      </UiProvider>
    );
    const { rerender } = render(tree('DE'));
    await release('de-DE');
    const input = screen.getByRole('textbox', { name: 'kept' });
    input.focus();
    rerender(tree('TR'));
    expect(screen.getByRole('paragraph')).toHaveTextContent('sample in de-DE');
    expect(input).toHaveFocus();
    await release('tr-TR');
    expect(screen.getByRole('paragraph')).toHaveTextContent('sample in tr-TR');
    expect(screen.getByRole('textbox', { name: 'kept' })).toBe(input);
    expect(input).toHaveFocus();
  });

  test("gives a table that failed to load to the fragment's error boundary", async () => {
    const { table, fail } = heldTable('sample');
    const texts = [table];
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <Fallback>
          <UiProvider core={core} site="DE" texts={texts}>
            <Greeting table={table} />
          </UiProvider>
        </Fallback>,
      );
      await fail('de-DE');
      expect(screen.getByRole('status')).toHaveTextContent('fallback: the chunk did not load');
    } finally {
      error.mockRestore();
    }
  });
});

class Fallback extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="status">fallback: {this.state.error.message}</p> : this.props.children;
  }
}
