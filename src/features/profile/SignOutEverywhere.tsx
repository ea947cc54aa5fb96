import { useState } from 'react';
import styled from 'styled-components';
import { copy } from '@contract/copy';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { useAppDispatch } from '../../store/hooks';
import { signOutEverywhere } from '../../store/logOut';

const Section = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.line};
`;

const Hint = styled.p`
  margin: 0;
  flex: 1 1 16rem;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Question = styled.p`
  margin: 0;
`;

/**
 * The profile page's "Sign out everywhere": LogOut ends this device's session only, this ends
 * every session of the account, once confirmed; then this device is signed out and goes home.
 */
export function SignOutEverywhere() {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);
  const words = copy.profile;

  const close = () => {
    if (working) return;
    setOpen(false);
    setFailed(false);
  };
  const confirm = async () => {
    setWorking(true);
    setFailed(false);
    try {
      // Signed out now: the page's guard leads home (navigating from here would race it).
      await dispatch(signOutEverywhere()).unwrap();
    } catch {
      setFailed(true);
      setWorking(false);
    }
  };

  return (
    <Section aria-label={words.signOutEverywhere}>
      <Hint>{words.signOutEverywhereHint}</Hint>
      <Button type="button" $variant="secondary" onClick={() => setOpen(true)}>
        {words.signOutEverywhere}
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={words.signOutEverywhereTitle}
        actions={
          <>
            {working && <Spinner inline label={words.signOutEverywhereWorking} showLabel />}
            <Button $variant="secondary" onClick={close} disabled={working}>
              {words.signOutEverywhereCancel}
            </Button>
            <Button $variant="danger" onClick={() => void confirm()} disabled={working}>
              {words.signOutEverywhere}
            </Button>
          </>
        }
      >
        <Question>{words.signOutEverywhereQuestion}</Question>
        {failed && <FieldError role="alert">{words.signOutEverywhereFailed}</FieldError>}
      </Modal>
    </Section>
  );
}
