import { useFormik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { copy } from '../../copy';
import { profileUpdated, selectSignInError, signInStarted } from '../../store/authSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthCard, AuthError, Divider, SwitchLine } from './AuthCard';
import { authErrorMessage } from './authErrors';
import { registerSchema } from './authSchemas';
import { firebase } from './firebaseClient';
import { GoogleButton } from './GoogleButton';
import { useAuthRedirect } from './useAuthRedirect';

/** The spec's register flow: create, send the verification email, set the name, go /home. */
export function RegisterPage() {
  usePageTitle('Register');
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new account signs in at once; the redirect waits until its name is set.
  const [ready, setReady] = useState(true);
  useAuthRedirect('/home', ready);

  // The listener could not get the app token after Firebase accepted the sign-in.
  const listenerError = useAppSelector(selectSignInError);
  const shownError = error ?? listenerError;
  const working = busy && !listenerError;

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    dispatch(signInStarted());
    try {
      await action();
    } catch (err) {
      setError(authErrorMessage(err));
      setBusy(false);
      setReady(true);
    }
  };

  const form = useFormik({
    initialValues: { Name: '', email: '', password: '' },
    validationSchema: registerSchema,
    onSubmit: ({ Name, email, password }) =>
      run(async () => {
        setReady(false);
        const { auth, sdk } = await firebase();
        const { user } = await sdk.createUserWithEmailAndPassword(auth, email.trim(), password);
        await sdk.sendEmailVerification(user);
        toast.success(copy.auth.checkEmail);
        await sdk.updateProfile(user, { displayName: Name.trim() });
        dispatch(profileUpdated({ displayName: Name.trim() }));
        setReady(true);
      }),
  });

  const google = () =>
    run(async () => {
      const { auth, sdk } = await firebase();
      await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider());
    });

  const fieldError = (name: 'Name' | 'email' | 'password') =>
    form.touched[name] && form.errors[name] ? form.errors[name] : null;

  return (
    <Page>
      <AuthCard aria-labelledby="register-heading">
        <h1 id="register-heading">Register</h1>
        <form onSubmit={form.handleSubmit} noValidate>
          <TextField
            label="Name"
            autoComplete="name"
            {...form.getFieldProps('Name')}
            error={fieldError('Name')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            {...form.getFieldProps('email')}
            error={fieldError('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            {...form.getFieldProps('password')}
            error={fieldError('password')}
          />
          {shownError && (
            <AuthError role="alert">
              {copy.auth.errorPrefix}
              {shownError}
            </AuthError>
          )}
          {working ? (
            <Spinner label="Creating your account" />
          ) : (
            <Button type="submit" $block>
              Register
            </Button>
          )}
        </form>
        <Divider>or</Divider>
        <GoogleButton onClick={() => void google()} disabled={working} />
        <SwitchLine>
          <Link to="/login">{copy.auth.haveAccount}</Link>
        </SwitchLine>
      </AuthCard>
    </Page>
  );
}
