/**
 * Catches a fragment that throws while rendering: the fragment's root renders nothing and
 * `onError` gives its slot back to the server's static markup, so the page keeps a working
 * header or footer.
 */
import { Component, type ReactNode } from 'react';

export class FragmentBoundary extends Component<{ name: string; onError(): void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn(`[shell] the ${this.props.name} fragment stopped after an error`, error);
    this.props.onError();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
