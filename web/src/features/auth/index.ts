/** The auth feature's public surface, for the routes that compose it (app/). */
export { RegisterForm, type RegisterFormProps } from './components/register-form';
