import { useFormik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { copy } from '@contract/copy';
import { profileUpdated } from '../../store/authSlice';
import { useAppDispatch } from '../../store/hooks';
import { TextField } from '../../ui/Field';
import { fieldProps } from '../../shared/forms/formik';
import { Page } from '../../ui/Page';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthCard, Divider, NeedsJavaScript, SwitchLine } from './AuthCard';
import { authErrorMessage } from './authErrors';
import { AuthFormFooter } from './AuthFormFooter';
import { registerSchema } from './authSchemas';
import { firebase, signInWithGoogle } from './firebaseClient';
import { GoogleButton } from './GoogleButton';
import { useAuthRedirect } from './useAuthRedirect';
import { useAuthStarted } from './useAuthStarted';
import { useSignInAttempt } from './useSignInAttempt';

/** The spec's register flow: create, send the verification email, set the name, go /home. */
export function RegisterPage() {
  usePageTitle(
    copy.auth.registerTitle,
    'Create an account to order tyres and parts, pay by card and follow your orders.',
  );
  const dispatch = useAppDispatch();
  const attempt = useSignInAttempt();
  // A new account signs in at once; the redirect waits until its name is set.
  const [naming, setNaming] = useState(false);
  useAuthStarted();
  useAuthRedirect('/home', !naming);

  const form = useFormik({
    initialValues: { Name: '', email: '', password: '' },
    validationSchema: registerSchema,
    onSubmit: async ({ Name, email, password }) => {
      setNaming(true);
      await attempt.run(async () => {
        const { auth, sdk } = await firebase();
        const { user } = await sdk.createUserWithEmailAndPassword(auth, email.trim(), password);
        try {
          await sdk.sendEmailVerification(user);
          toast.success(copy.auth.checkEmail);
          await sdk.updateProfile(user, { displayName: Name.trim() });
          dispatch(profileUpdated({ displayName: Name.trim() }));
        } catch (err) {
          // The account exists and is signed in: say what failed, then go on to /home.
          toast.error(`${copy.auth.errorPrefix}${authErrorMessage(err)}`);
        }
      });
      setNaming(false);
    },
  });

  const google = () => attempt.run(signInWithGoogle);

  return (
    <Page>
      <AuthCard aria-labelledby="register-heading">
        <h1 id="register-heading">{copy.auth.registerTitle}</h1>
        <NeedsJavaScript />
        {/* Posted, never got, when sent before the script runs: see NeedsJavaScript. */}
        <form method="post" action="/register" onSubmit={form.handleSubmit} noValidate>
          <TextField
            label={copy.auth.fields.name}
            autoComplete="name"
            {...fieldProps(form, 'Name')}
          />
          <TextField
            label={copy.auth.fields.email}
            type="email"
            autoComplete="email"
            {...fieldProps(form, 'email')}
          />
          <TextField
            label={copy.auth.fields.password}
            type="password"
            autoComplete="new-password"
            {...fieldProps(form, 'password')}
          />
          <AuthFormFooter
            error={attempt.error}
            working={attempt.working}
            submitLabel={copy.auth.registerButton}
            workingLabel="Creating your account"
          />
        </form>
        <Divider>or</Divider>
        <GoogleButton onClick={() => void google()} disabled={attempt.working} />
        <SwitchLine>
          <Link to="/login">{copy.auth.haveAccount}</Link>
        </SwitchLine>
      </AuthCard>
    </Page>
  );
}
