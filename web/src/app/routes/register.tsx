import { Link } from 'react-router-dom';
import { AUTH_TEXTS } from '@vitrine/shared';
import { paths } from '../../config/paths';
import { AuthLayout, linkClasses } from '../../components/auth-layout';
import { RegisterForm } from '../../features/auth';

export function Component() {
  const t = AUTH_TEXTS;
  return (
    <AuthLayout
      title={t.registerTitle}
      heading={t.registerHeading}
      footer={
        <>
          {t.haveAccount}{' '}
          <Link to={paths.auth.login.getHref()} className={linkClasses}>
            {t.loginLink}
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthLayout>
  );
}
