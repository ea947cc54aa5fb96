import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../test/render';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';

const sdk = {
  signInWithEmailAndPassword: jest.fn(),
  createUserWithEmailAndPassword: jest.fn(),
  sendEmailVerification: jest.fn(),
  sendPasswordResetEmail: jest.fn(),
  updateProfile: jest.fn(),
  signInWithPopup: jest.fn(),
  GoogleAuthProvider: class {},
};
jest.mock('./firebaseClient', () => ({
  firebase: async () => ({ auth: { name: 'test-auth' }, sdk }),
  signInWithGoogle: () => sdk.signInWithPopup({ name: 'test-auth' }, new sdk.GoogleAuthProvider()),
}));
// The pages start the auth listener; here Firebase is the fake above.
jest.mock('./useAuthStarted', () => ({ useAuthStarted: () => {} }));
jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
const { toast } = jest.requireMock('react-toastify') as {
  toast: { success: jest.Mock; error: jest.Mock };
};

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '*', element: <p>elsewhere</p> },
];

beforeEach(() => jest.clearAllMocks());

describe('the login form', () => {
  it('shows the spec messages for empty fields', async () => {
    renderRoutes(routes, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(sdk.signInWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('shows the spec messages for a bad email and a short password', async () => {
    renderRoutes(routes, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'shopper@store');
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Provide is valid Email')).toBeInTheDocument();
    // The spec's message ends with a space.
    expect(
      screen.getByText((_, el) => el?.textContent === 'Provide At last 6 character '),
    ).toBeInTheDocument();
  });

  it('signs in with Firebase and sends no email (the spec oddity is fixed)', async () => {
    sdk.signInWithEmailAndPassword.mockResolvedValue({});
    renderRoutes(routes, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'shopper@store.test');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-pass-123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(sdk.signInWithEmailAndPassword).toHaveBeenCalledWith(
        { name: 'test-auth' },
        'shopper@store.test',
        'demo-pass-123',
      ),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Signing in');
    expect(sdk.sendPasswordResetEmail).not.toHaveBeenCalled();
  });

  it.each([
    ['auth/wrong-password', 'Error : The password is wrong.'],
    ['auth/user-not-found', 'Error : There is no account with this email.'],
    ['auth/too-many-requests', 'Error : Too many attempts. Please wait a moment and try again.'],
    [
      'auth/network-request-failed',
      'Error : The network failed. Check your connection and try again.',
    ],
  ])('shows %s in red as readable text', async (code, text) => {
    sdk.signInWithEmailAndPassword.mockRejectedValue(
      Object.assign(new Error('Firebase: x'), { code }),
    );
    renderRoutes(routes, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'shopper@store.test');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-pass-123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it.each([
    ['auth/popup-closed-by-user', 'Error : The sign-in window was closed before signing in.'],
    [
      'auth/popup-blocked',
      'Error : The browser blocked the sign-in window. Allow pop-ups and try again.',
    ],
  ])('reports the Google popup error %s', async (code, text) => {
    sdk.signInWithPopup.mockRejectedValue(Object.assign(new Error('x'), { code }));
    renderRoutes(routes, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('clears a failed sign-in once the person types again or submits something else', async () => {
    sdk.signInWithEmailAndPassword.mockRejectedValueOnce({ code: 'auth/wrong-password' });
    renderRoutes(routes, '/login', {
      auth: { signInError: 'The account could not be signed in.' },
    });
    // An error the auth listener reported (the token exchange) is cleared by typing too.
    expect(screen.getByText(/The account could not be signed in/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'shopper@store.test');
    expect(screen.queryByText(/The account could not be signed in/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Error : The password is wrong.')).toBeInTheDocument();
    // A new validation message never stands beside the old failure.
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('password is required')).toBeInTheDocument();
    expect(screen.queryByText(/Error :/)).not.toBeInTheDocument();
  });

  it("'Forget Password?' asks for a valid email first, then sends the reset email", async () => {
    sdk.sendPasswordResetEmail.mockResolvedValue(undefined);
    renderRoutes(routes, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Forget Password?' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(sdk.sendPasswordResetEmail).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Email'), 'shopper@store.test');
    await userEvent.click(screen.getByRole('button', { name: 'Forget Password?' }));
    await waitFor(() =>
      expect(sdk.sendPasswordResetEmail).toHaveBeenCalledWith(
        { name: 'test-auth' },
        'shopper@store.test',
      ),
    );
    expect(toast.success).toHaveBeenCalledWith('Sent email');
  });

  it('links to registration', () => {
    renderRoutes(routes, '/login');
    expect(screen.getByRole('link', { name: "Don't have an account?" })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});

describe('the register form', () => {
  it('shows the spec messages', async () => {
    renderRoutes(routes, '/register');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
  });

  it('creates the account, sends the verification email, toasts, then sets the name', async () => {
    const user = { email: 'nina@store.test' };
    sdk.createUserWithEmailAndPassword.mockResolvedValue({ user });
    const order: string[] = [];
    sdk.sendEmailVerification.mockImplementation(async () => order.push('verify'));
    toast.success.mockImplementation(() => order.push('toast'));
    sdk.updateProfile.mockImplementation(async () => order.push('name'));
    renderRoutes(routes, '/register');
    await userEvent.type(screen.getByLabelText('Name'), 'Nina Road');
    await userEvent.type(screen.getByLabelText('Email'), 'nina@store.test');
    await userEvent.type(screen.getByLabelText('Password'), 'new-pass-123');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(sdk.updateProfile).toHaveBeenCalledWith(user, { displayName: 'Nina Road' }),
    );
    expect(order).toEqual(['verify', 'toast', 'name']);
    expect(toast.success).toHaveBeenCalledWith('Cheak your Email');
  });

  it('shows an email already in use', async () => {
    sdk.createUserWithEmailAndPassword.mockRejectedValue(
      Object.assign(new Error('x'), { code: 'auth/email-already-in-use' }),
    );
    renderRoutes(routes, '/register');
    await userEvent.type(screen.getByLabelText('Name'), 'Nina');
    await userEvent.type(screen.getByLabelText('Email'), 'nina@store.test');
    await userEvent.type(screen.getByLabelText('Password'), 'new-pass-123');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error : An account with this email already exists.',
    );
    expect(screen.getByRole('link', { name: 'Have an account?' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('says so when the account exists but the verification email failed', async () => {
    sdk.createUserWithEmailAndPassword.mockResolvedValue({ user: { email: 'nina@store.test' } });
    sdk.sendEmailVerification.mockRejectedValue(
      Object.assign(new Error('x'), { code: 'auth/network-request-failed' }),
    );
    renderRoutes(routes, '/register');
    await userEvent.type(screen.getByLabelText('Name'), 'Nina');
    await userEvent.type(screen.getByLabelText('Email'), 'nina@store.test');
    await userEvent.type(screen.getByLabelText('Password'), 'new-pass-123');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Error : The network failed. Check your connection and try again.',
      ),
    );
    expect(toast.success).not.toHaveBeenCalledWith('Cheak your Email');
  });
});
