import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { media } from './theme';

const Dialog = styled.dialog<{ $wide: boolean }>`
  width: calc(100% - 2rem);
  max-width: ${({ $wide }) => ($wide ? '60rem' : '34rem')};
  max-height: calc(100dvh - 2rem);
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  &::backdrop {
    background: rgba(17, 24, 39, 0.6);
  }
`;

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  ${media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

/** Stays in view while a long dialog scrolls, so its title and close button always show. */
const Header = styled.div`
  position: sticky;
  top: 0;
  z-index: 1;
  background: ${({ theme }) => theme.colors.surface};
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const CloseButton = styled.button`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  margin: -${({ theme }) => theme.space.sm} -${({ theme }) => theme.space.sm} 0 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.round};
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 1.6rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.ink};
  }
`;

/** Just under the header, over the content, and as wide: it never covers the title bar. */
const BelowHeader = styled.div`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  height: 0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
`;

/**
 * A modal dialog on the native <dialog>: the browser makes the rest of the page inert, keeps
 * focus inside and closes on Escape; this adds a titled header, a close button, closing on a
 * click on the backdrop and focus back where it was. The parent owns `open`.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  actions,
  belowHeader,
  closeLabel = 'Close',
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons along the bottom (Confirm, Cancel). */
  actions?: ReactNode;
  /** Shown over the top of the content under the title bar (the dialog's own toasts). */
  belowHeader?: ReactNode;
  closeLabel?: string;
  /** For a picture: as wide as the screen allows, up to 60rem. */
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal(); the attribute keeps tests honest about what is shown.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    // A dialog's form starts at its first field (marked data-autofocus), not at the close button.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      opener?.focus();
    };
  }, [open]);

  return (
    <Dialog
      ref={ref}
      $wide={wide}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the parent decides, so `open` stays the single source of truth.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose(); // a click on the backdrop
      }}
    >
      {open && (
        <Box>
          <Header>
            <h2 id={titleId}>{title}</h2>
            <CloseButton type="button" aria-label={closeLabel} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </CloseButton>
            {belowHeader && <BelowHeader>{belowHeader}</BelowHeader>}
          </Header>
          {children}
          {actions && <Actions>{actions}</Actions>}
        </Box>
      )}
    </Dialog>
  );
}
