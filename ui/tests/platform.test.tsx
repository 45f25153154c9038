/**
 * `usePlatform`: the platform from the width as the core decides it (below 980 MATCH, below 1440
 * TABLET), recalculated 500 ms after the last resize (header spec sections 4 and 9), a platform
 * given by the page winning.
 */
import { act, render, screen } from '@testing-library/react';
import { ready, type Core, type Platform } from '@shop/core';
import { UiProvider, usePlatform } from '@shop/ui';

let core: Core;
beforeAll(async () => {
  core = await ready();
});
afterEach(() => jest.useRealTimers());

function Shown({ override }: { override?: Platform }) {
  return <p>{usePlatform(override)}</p>;
}

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

test('follows the width 500 ms after the last resize, not before', () => {
  jest.useFakeTimers();
  Object.defineProperty(window, 'innerWidth', { value: 1500, configurable: true });
  render(
    <UiProvider core={core} site="DE">
      <Shown />
    </UiProvider>,
  );
  expect(screen.getByText('CLASSIC')).toBeInTheDocument();

  resizeTo(1200);
  advance(499);
  expect(screen.getByText('CLASSIC')).toBeInTheDocument();
  // Another resize starts the wait again.
  resizeTo(900);
  advance(300);
  expect(screen.getByText('CLASSIC')).toBeInTheDocument();
  advance(200);
  expect(screen.getByText('MATCH')).toBeInTheDocument();

  resizeTo(1439);
  advance(500);
  expect(screen.getByText('TABLET')).toBeInTheDocument();
});

test('a platform given by the page wins over the width', () => {
  jest.useFakeTimers();
  Object.defineProperty(window, 'innerWidth', { value: 1500, configurable: true });
  render(
    <UiProvider core={core} site="DE">
      <Shown override="MATCH" />
    </UiProvider>,
  );
  expect(screen.getByText('MATCH')).toBeInTheDocument();
  resizeTo(1600);
  advance(500);
  expect(screen.getByText('MATCH')).toBeInTheDocument();
});
