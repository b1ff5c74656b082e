import { LEGAL_TEXTS } from '@vitrine/shared';
import { paths } from '../../config/paths';
import { LegalPage } from '../../features/public';

export function Component() {
  return <LegalPage document={LEGAL_TEXTS.terms} path={paths.legal.terms.getHref()} />;
}
