import { Link, useSearchParams } from 'react-router-dom';
import { AUTH_TEXTS } from '@vitrine/shared';
import { paths } from '../../config/paths';
import { AuthLayout, linkClasses } from '../../components/auth-layout';
import { ResetPasswordForm } from '../../features/auth';

export function Component() {
  const [params] = useSearchParams();
  const t = AUTH_TEXTS;
  return (
    <AuthLayout
      title={t.resetTitle}
      heading={t.resetHeading}
      footer={
        <Link to={paths.auth.login.getHref()} className={linkClasses}>
          {t.backToLogin}
        </Link>
      }
    >
      <ResetPasswordForm token={params.get('token')} />
    </AuthLayout>
  );
}
