import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, Container, CssBaseline, MenuItem, TextField, ThemeProvider, Typography, createTheme } from '@mui/material';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AA_BLUE, AA_INFO, AA_WARNING, baseline } from '../shell/brand/palette';
import { DEFAULT_BRAND } from '../shell/brand/brandStore';
import { LANGUAGES } from '../contract/constants';
import { LANGUAGE_NAMES } from '../i18n/languages';
import { checkoutApi } from './api';
import { checkoutI18n, checkoutLanguage } from './i18n';
import { checkoutRoute, usePathname } from './route';
import { PayLinkPage } from './PayLinkPage';
import { CheckoutPage } from './CheckoutPage';

/** The console's light colours and focus ring (src/shell/brand/palette.ts), without react-admin's theme. */
const theme = createTheme({
  palette: { primary: AA_BLUE, secondary: AA_BLUE, warning: AA_WARNING, info: AA_INFO },
  components: baseline(AA_BLUE.main),
});

/**
 * The payer's pages (docs/payments.md "The checkout pages"): the brand's name and logo on top, the page of the
 * path under it. Nothing of the console: no sign-in, no menu, no react-admin.
 */
export function CheckoutApp() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <Frame>
          <CurrentPage />
        </Frame>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

function CurrentPage() {
  const { t } = useTranslation();
  const route = checkoutRoute(usePathname());
  if (route.page === 'pay') return <PayLinkPage key={route.code} code={route.code} />;
  if (route.page === 'checkout') return <CheckoutPage key={route.code} code={route.code} />;
  return (
    <Typography component="h1" variant="h5">
      {t('checkout.notFound')}
    </Typography>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const brand = useQuery({ queryKey: ['brand'], queryFn: checkoutApi.brand, staleTime: Infinity, retry: false });
  const name = brand.data?.brandName || DEFAULT_BRAND.brandName;
  const logo = brand.data ? brand.data.logo || DEFAULT_BRAND.logo : null;
  const title = t('checkout.documentTitle', { brand: name });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100' }}>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="sm" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.5, px: 2 }}>
          <BrandMark name={name} logo={logo} />
          <LanguagePicker />
        </Container>
      </Box>
      <Container component="main" maxWidth="sm" sx={{ py: 3, px: 2 }}>
        {children}
      </Container>
    </Box>
  );
}

/** The brand's logo, named by the brand (its text is usually the logo's own); the name itself when there is none or it does not load. */
function BrandMark({ name, logo }: { name: string; logo: string | null }) {
  const [failed, setFailed] = useState(false);
  if (logo && !failed)
    return (
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box
          component="img"
          src={logo}
          alt={name}
          onError={() => setFailed(true)}
          sx={{ height: 32, maxWidth: 200, objectFit: 'contain', display: 'block' }}
        />
      </Box>
    );
  return (
    <Typography component="p" variant="h6" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
      {name}
    </Typography>
  );
}

function LanguagePicker() {
  const { t } = useTranslation();
  const language = checkoutLanguage();
  const options = useMemo(() => LANGUAGES.map((lng) => ({ lng, name: LANGUAGE_NAMES[lng] })), []);
  return (
    <TextField
      select
      size="small"
      label={t('checkout.language')}
      value={language}
      onChange={(event) => void checkoutI18n.changeLanguage(event.target.value)}
      sx={{ minWidth: 120 }}
    >
      {options.map(({ lng, name }) => (
        <MenuItem key={lng} value={lng} lang={lng}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
