import { paths } from '../../../app/paths';
import { LegalPage } from '../components/legal-page';
import { TERMS } from '../content/legal';

export function Component() {
  return <LegalPage document={TERMS} path={paths.legal.terms.getHref()} />;
}
