import { Component, type ReactNode } from 'react';

/**
 * The chart is extra: its figures are in the text beside it. A chunk that fails to load or a
 * canvas that cannot draw leaves the chart out instead of the page's error screen.
 */
export class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
