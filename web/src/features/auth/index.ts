/** The auth feature's public surface, for the routes that compose it (app/). */
export { ForgotPasswordForm } from './components/forgot-password-form';
export { LoginForm } from './components/login-form';
export { RegisterForm, type RegisterFormProps } from './components/register-form';
export { ResetPasswordForm } from './components/reset-password-form';
