import { paths } from '../../../app/paths';
import { LegalPage } from '../components/legal-page';
import { LEGAL_NOTICE } from '../content/legal';

export function Component() {
  return <LegalPage document={LEGAL_NOTICE} path={paths.legal.notice.getHref()} />;
}
