import { ApiReferencePage } from '../../features/api-settings';

/** /dashboard/api-reference: the public API's reference, linked from Paramètres > API. */
export function Component() {
  return <ApiReferencePage />;
}
