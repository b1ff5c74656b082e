import { paths } from '../../../app/paths';
import { LegalPage } from '../components/legal-page';
import { PRIVACY } from '../content/legal';

export function Component() {
  return <LegalPage document={PRIVACY} path={paths.legal.privacy.getHref()} />;
}
