import { Link } from 'react-router-dom';
import { AUTH_TEXTS } from '@vitrine/shared';
import { paths } from '../../config/paths';
import { AuthLayout, linkClasses } from '../../components/auth-layout';
import { ForgotPasswordForm } from '../../features/auth';

export function Component() {
  const t = AUTH_TEXTS;
  return (
    <AuthLayout
      title={t.forgotTitle}
      heading={t.forgotHeading}
      intro={t.forgotIntro}
      footer={
        <Link to={paths.auth.login.getHref()} className={linkClasses}>
          {t.backToLogin}
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
