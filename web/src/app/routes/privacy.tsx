import { LEGAL_TEXTS } from '@vitrine/shared';
import { paths } from '../../config/paths';
import { LegalPage } from '../../features/public';

export function Component() {
  return <LegalPage document={LEGAL_TEXTS.privacy} path={paths.legal.privacy.getHref()} />;
}
