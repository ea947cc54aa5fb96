import { useFormik } from 'formik';
import { Link, useLocation } from 'react-router-dom';
import { toast } from 'react-toastify';
import { copy } from '@contract/copy';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { fieldProps } from '../../shared/forms/formik';
import { Page } from '../../ui/Page';
import { useHydrated } from '../../ui/useHydrated';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthCard, AuthNotice, Divider, NeedsJavaScript, SwitchLine } from './AuthCard';
import { AuthFormFooter } from './AuthFormFooter';
import { emailOnlySchema, loginSchema } from './authSchemas';
import { firebase, signInWithGoogle } from './firebaseClient';
import { GoogleButton } from './GoogleButton';
import { signInNotice, useAuthRedirect } from './useAuthRedirect';
import { useAuthStarted } from './useAuthStarted';
import { useSignInAttempt } from './useSignInAttempt';

/**
 * Email and password or Google. Success is the auth listener's app token arriving; then the
 * page returns to where a guard sent the visitor from (spec), else to `/`.
 */
export function LoginPage() {
  usePageTitle(
    copy.auth.loginTitle,
    'Sign in to order tyres and parts, pay by card and follow your orders.',
  );
  useAuthStarted();
  useAuthRedirect('/');
  const attempt = useSignInAttempt();
  // The router's state lives in the browser's history and outlasts a reload, which the server
  // never sees: read only once hydrated, or the page would not match the server's HTML (#418).
  const state: unknown = useLocation().state;
  const notice = useHydrated() ? signInNotice(state) : null;

  const form = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: ({ email, password }) =>
      attempt.run(async () => {
        const { auth, sdk } = await firebase();
        // The spec's login also sent a reset email; that was a defect and is not repeated.
        await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
      }),
  });

  const google = () => attempt.run(signInWithGoogle);

  const forgotPassword = async () => {
    await form.setFieldTouched('email', true, false);
    try {
      await emailOnlySchema.validate({ email: form.values.email });
    } catch (err) {
      form.setFieldError('email', (err as Error).message);
      return;
    }
    attempt.clearError();
    try {
      const { auth, sdk } = await firebase();
      await sdk.sendPasswordResetEmail(auth, form.values.email.trim());
      toast.success(copy.auth.sentEmail);
    } catch (err) {
      attempt.fail(err);
    }
  };

  return (
    <Page>
      <AuthCard aria-labelledby="login-heading">
        <h1 id="login-heading">{copy.auth.loginTitle}</h1>
        {notice && <AuthNotice role="status">{notice}</AuthNotice>}
        <NeedsJavaScript />
        {/* A failure is about what was typed then: typing again or submitting again clears it.
            Posted, never got, when sent before the script runs: see NeedsJavaScript. */}
        <form
          method="post"
          action="/login"
          onSubmit={(event) => {
            attempt.clearError();
            form.handleSubmit(event);
          }}
          onChange={() => attempt.clearError()}
          noValidate
        >
          <TextField
            label={copy.auth.fields.email}
            type="email"
            autoComplete="email"
            {...fieldProps(form, 'email')}
          />
          <TextField
            label={copy.auth.fields.password}
            type="password"
            autoComplete="current-password"
            {...fieldProps(form, 'password')}
          />
          <div>
            <Button type="button" $variant="ghost" $size="sm" onClick={() => void forgotPassword()}>
              {copy.auth.forgetPassword}
            </Button>
          </div>
          <AuthFormFooter
            error={attempt.error}
            working={attempt.working}
            submitLabel={copy.auth.loginButton}
            workingLabel="Signing in"
          />
        </form>
        <Divider>or</Divider>
        <GoogleButton onClick={() => void google()} disabled={attempt.working} />
        <SwitchLine>
          <Link to="/register">{copy.auth.noAccount}</Link>
        </SwitchLine>
      </AuthCard>
    </Page>
  );
}
