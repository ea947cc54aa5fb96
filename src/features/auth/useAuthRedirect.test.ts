import { returnPath } from './useAuthRedirect';

describe('returnPath', () => {
  it('returns to the page a guard remembered, with its query and hash', () => {
    expect(
      returnPath({ from: { pathname: '/dashboard/myorder', search: '?a=1', hash: '#x' } }, '/'),
    ).toBe('/dashboard/myorder?a=1#x');
  });

  it.each([
    ['no state', null],
    ['no origin', {}],
    ['another site', { from: { pathname: 'https://evil.example/' } }],
    ['a protocol-relative URL', { from: { pathname: '//evil.example/x' } }],
    ['the login page itself', { from: { pathname: '/login' } }],
  ])('falls back with %s', (_what, state) => {
    expect(returnPath(state, '/home')).toBe('/home');
  });
});
