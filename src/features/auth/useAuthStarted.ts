import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { onFirstInteraction } from '../../shared/loading/afterInteraction';
import type { AppStore } from '../../store/store';
import { startAuth } from './startAuth';

/**
 * Sign-in pages need Firebase (the largest script after React): it starts at the visitor's first
 * touch, click, key or focus on the page, so opening the page runs none of it, and it loads
 * while they type. What waits for it (`firebase()`) waits until then.
 */
export function useAuthStarted(): void {
  const store = useStore() as AppStore;
  useEffect(() => onFirstInteraction(() => void startAuth(store)), [store]);
}
