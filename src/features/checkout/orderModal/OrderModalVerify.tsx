import { useState } from 'react';
import { toast } from 'react-toastify';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { Button } from '../../../ui/Button';

/**
 * The signed-in Firebase user and the SDK, or null when Firebase never started or nobody is
 * signed in. The app the auth feature initialized is reused (getAuth returns its instance); the
 * chunks are the ones it loaded, so nothing more is downloaded.
 */
async function signedInFirebaseUser() {
  const [app, sdk] = await Promise.all([
    import(/* webpackChunkName: "firebase-app" */ 'firebase/app'),
    import(/* webpackChunkName: "firebase-auth" */ 'firebase/auth'),
  ]);
  if (app.getApps().length === 0) return null;
  const user = sdk.getAuth(app.getApp()).currentUser;
  return user ? { user, sdk } : null;
}

/** The identity provider's reason, without Firebase's prefix and code. */
function providerMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Firebase:\s*/, '');
}

/**
 * The spec's resend-verification action, offered where an order was refused because the
 * account's email is not verified: the identity provider sends the link again ('Cheak your
 * Email'), or says 'No user is logged in'. Its toasts go to `toastContainer` (the modal's
 * own), else to the page's.
 */
export function ResendVerification({ toastContainer }: { toastContainer?: string }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      const signedIn = await signedInFirebaseUser();
      if (!signedIn) {
        toast.error(copy.auth.noUserLoggedIn, { containerId: toastContainer });
        return;
      }
      await signedIn.sdk.sendEmailVerification(signedIn.user);
      toast.success(copy.auth.checkEmail, { containerId: toastContainer });
    } catch (err) {
      toast.error(`${copy.auth.errorPrefix}${providerMessage(err)}`, {
        containerId: toastContainer,
      });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button $variant="secondary" onClick={() => void resend()} disabled={sending}>
      {checkoutCopy.order.resendVerification}
    </Button>
  );
}
