import { Component } from 'react';
import type { ReactNode } from 'react';
import { StateMessage } from '../../../ui/components/States';

/** The result viewers' chunk failed to load: say so where the result would be, never a blank tab. */
export class ViewerBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    if (this.state.error) {
      return (
        <StateMessage icon="error" tone="err" title="The result viewer could not be shown">
          <p>{this.state.error}</p>
        </StateMessage>
      );
    }
    return this.props.children;
  }
}
