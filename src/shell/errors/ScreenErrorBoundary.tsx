import { Component, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';
import { HomeButton } from './errorActions';
import { ReloadButton } from './ReloadButton';

interface State {
  error: Error | null;
}

/**
 * A crash inside a screen shows /500-style content instead of a white page; a chunk
 * that failed to load (the usual cause is a new deployment) offers a reload first.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if ((error as { chunkLoad?: boolean }).chunkLoad === true) {
      return <ErrorPage titleKey="page.chunkFailedTitle" textKey="page.chunkFailed" actions={<ReloadButton primary />} />;
    }
    return (
      <ErrorPage
        code="500"
        titleKey="page.serverErrorTitle"
        textKey="page.serverError"
        actions={
          <>
            <HomeButton />
            <ReloadButton primary={false} />
          </>
        }
      />
    );
  }
}
