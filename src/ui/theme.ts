/** The store's look in one place: a workshop palette of charcoal, steel and amber. */
export const theme = {
  colors: {
    ink: '#111827',
    inkSoft: '#374151',
    muted: '#4b5563',
    steel: '#1f2937',
    steelLight: '#374151',
    line: '#e5e7eb',
    lineStrong: '#d1d5db',
    surface: '#ffffff',
    surfaceAlt: '#f9fafb',
    background: '#f3f4f6',
    accent: '#f59e0b',
    accentStrong: '#d97706',
    accentSoft: '#fef3c7',
    /** Amber dark enough to read as text on white (4.5:1 and more). */
    accentText: '#b45309',
    /** Text on the amber accent. */
    onAccent: '#111827',
    /** Text on the charcoal bands (navbar, footer, counters). */
    onDark: '#f3f4f6',
    onDarkMuted: '#9ca3af',
    danger: '#b91c1c',
    dangerSoft: '#fef2f2',
    success: '#15803d',
    focus: '#2563eb',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    heading: "'Segoe UI', system-ui, -apple-system, Roboto, Arial, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
  },
  /** A modular type scale (about 1.25). */
  fontSizes: {
    xs: '0.8rem',
    sm: '0.9rem',
    md: '1rem',
    lg: '1.25rem',
    xl: '1.6rem',
    xxl: '2.4rem',
    display: 'clamp(2.2rem, 6vw, 3.6rem)',
  },
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2.5rem', xxl: '4rem' },
  radii: { sm: '6px', md: '10px', lg: '16px', round: '999px' },
  shadows: {
    card: '0 1px 2px rgba(17, 24, 39, 0.06), 0 4px 14px rgba(17, 24, 39, 0.08)',
    raised: '0 10px 30px rgba(17, 24, 39, 0.16)',
  },
  zIndex: { navbar: 10, modal: 100 },
  /** Minimum widths, mobile first. */
  breakpoints: { tablet: '640px', desktop: '1024px' },
  maxWidth: '1200px',
  /** Comfortable reading width for running text. */
  textWidth: '44rem',
} as const;

export type Theme = typeof theme;

export const media = {
  /** Below the tablet breakpoint. */
  phone: `@media (max-width: calc(${theme.breakpoints.tablet} - 0.02px))`,
  tablet: `@media (min-width: ${theme.breakpoints.tablet})`,
  desktop: `@media (min-width: ${theme.breakpoints.desktop})`,
};
