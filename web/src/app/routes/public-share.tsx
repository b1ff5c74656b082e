import { useParams } from 'react-router-dom';
import { PublicSharePage } from '../../features/shares';

/** /partage/{token} (issue 24): a share link's public page, no account. */
export function Component() {
  const { token = '' } = useParams();
  return <PublicSharePage token={token} />;
}
