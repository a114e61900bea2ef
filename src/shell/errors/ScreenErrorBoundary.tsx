import { Component, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Translate } from 'react-admin';

interface State {
  error: Error | null;
}

/**
 * A crash inside a screen shows /500-style content instead of a white page; a chunk
 * that failed to load offers a reload (the usual cause is a new deployment).
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = (error as { chunkLoad?: boolean }).chunkLoad === true;
    return (
      <Box role="alert" sx={{ p: 6, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          <Translate i18nKey={chunk ? 'page.chunkFailedTitle' : 'page.serverErrorTitle'} />
        </Typography>
        <Typography sx={{ mb: 3 }}>
          <Translate i18nKey={chunk ? 'page.chunkFailed' : 'page.serverError'} />
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          <Translate i18nKey="page.reload" />
        </Button>
      </Box>
    );
  }
}
