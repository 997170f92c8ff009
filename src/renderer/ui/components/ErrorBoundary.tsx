import { Component } from 'react';
import type { ReactNode } from 'react';
import { StateMessage } from './States';

/**
 * Keeps a failing part (a lazy chunk that did not load, a render error) from blanking the
 * window: says what failed and offers a retry of just that part.
 */
export class ErrorBoundary extends Component<
  { what: string; children: ReactNode },
  { error: Error | null; attempt: number }
> {
  override state = { error: null as Error | null, attempt: 0 };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error(`${this.props.what} failed`, error);
  }

  override render() {
    if (!this.state.error)
      return (
        <div key={this.state.attempt} className="boundary">
          {this.props.children}
        </div>
      );
    return (
      <StateMessage
        icon="error"
        tone="err"
        title={`The ${this.props.what} could not be shown`}
        action={
          <button
            type="button"
            className="btn"
            onClick={() => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }))}
          >
            Try again
          </button>
        }
      >
        <p>{this.state.error.message}</p>
      </StateMessage>
    );
  }
}
