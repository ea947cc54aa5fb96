import { useEffect } from 'react';

const STORE_NAME = 'Tyre & Auto Parts Store';

/** Sets the tab title for the page being shown. */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} | ${STORE_NAME}` : STORE_NAME;
  }, [title]);
}
