import { bagCopy } from '../../shared/bag/bagCopy';
import { selectAuthStatus } from '../../store/authSlice';
import { useAppSelector } from '../../store/hooks';
import { Page, PageHeading } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { usePageTitle } from '../../ui/usePageTitle';
import { AccountBag } from './AccountBag';
import { GuestBag } from './GuestBag';

/** `/bag`: the signed-in shopper's bag from the server, or a guest's from this browser. */
export function BagPage() {
  usePageTitle(bagCopy.page.title);
  const status = useAppSelector(selectAuthStatus);
  return (
    <Page>
      <PageHeading>{bagCopy.page.title}</PageHeading>
      {status === 'loading' ? (
        <Spinner label={bagCopy.page.loading} showLabel />
      ) : status === 'loggedIn' ? (
        <AccountBag />
      ) : (
        <GuestBag />
      )}
    </Page>
  );
}
