/** The app token from `PUT /api/users/:email`, kept where the spec keeps it. */
const KEY = 'accessToken';

export function readAccessToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage disabled: behave as signed out
  }
}

export function writeAccessToken(token: string): void {
  localStorage.setItem(KEY, token);
}

export function clearAccessToken(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}
