import { ErrorPage } from '../../shell/errors/ErrorPage';
import { HomeButton } from '../../shell/errors/errorActions';

/** /terms: public, in the same look as the status pages (title, sentence, a way home). */
export default function TermsPage() {
  return <ErrorPage titleKey="page.terms" textKey="page.termsText" actions={<HomeButton />} />;
}
