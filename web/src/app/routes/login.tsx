import { Link } from 'react-router-dom';
import { AUTH_TEXTS } from '@vitrine/shared';
import { paths } from '../../config/paths';
import { AuthLayout, linkClasses } from '../../components/auth-layout';
import { LoginForm } from '../../features/auth';

export function Component() {
  const t = AUTH_TEXTS;
  return (
    <AuthLayout
      title={t.loginTitle}
      heading={t.loginHeading}
      footer={
        <>
          {t.noAccount}{' '}
          <Link to={paths.auth.register.getHref()} className={linkClasses}>
            {t.registerLink}
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}
