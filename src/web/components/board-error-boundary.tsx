import { Component, type ErrorInfo, type ReactNode } from 'react';
import { KingGraphic } from './king-graphic';

type Props = { children: ReactNode; /** A change of this value clears the error (e.g. the FEN). */ resetKey?: unknown };
type State = { error: Error | null; resetKey: unknown };

/** Shows 'Something went wrong' with a king graphic when the board fails to render. */
export class BoardErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Board failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="board-fallback" role="alert">
        <KingGraphic className="board-fallback-king" />
        <p>Something went wrong</p>
      </div>
    );
  }
}
