import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { AppStore } from '../../store/store';
import { startAuth } from './startAuth';

/** Sign-in pages need Firebase: start it when one opens (it may not have loaded yet). */
export function useAuthStarted(): void {
  const store = useStore() as AppStore;
  useEffect(() => {
    void startAuth(store);
  }, [store]);
}
