import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { TEXTS } from '../../../lib/texts';
import { AuthLayout, linkClasses } from '../components/auth-layout';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function Component() {
  const t = TEXTS.auth;
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
