/** Line icons drawn for the landing page (24px grid, stroke in currentColor). */
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const GlobeIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
  </Icon>
);

export const BoxIcon = () => (
  <Icon>
    <path d="M3.5 7.5 12 3l8.5 4.5v9L12 21l-8.5-4.5z" />
    <path d="M3.5 7.5 12 12l8.5-4.5M12 12v9M7.8 5.2l8.5 4.6" />
  </Icon>
);

export const ChartIcon = () => (
  <Icon>
    <path d="M4 20V4M4 20h16" />
    <path d="m7 15 4-4 3 3 5-6" />
    <path d="M15 8h4v4" />
  </Icon>
);

export const ChatIcon = () => (
  <Icon>
    <path d="M20 12.5a7.5 7.5 0 0 1-10.9 6.7L4 20.5l1.3-4.6A7.5 7.5 0 1 1 20 12.5z" />
    <path d="M9 11h6M9 14.5h4" />
  </Icon>
);

export const TyreIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="4.5" />
    <circle cx="12" cy="12" r="1.2" />
    <path d="M12 3v4.5M12 16.5V21M3 12h4.5M16.5 12H21" />
  </Icon>
);

export const ScaleIcon = () => (
  <Icon>
    <path d="M12 4v16M7 20h10M5 7h14" />
    <path d="m5 7-3 6a3 3 0 0 0 6 0zM19 7l-3 6a3 3 0 0 0 6 0z" />
  </Icon>
);

export const RecycleIcon = () => (
  <Icon>
    <path d="M7.5 8.5 10 4.2a2 2 0 0 1 3.5 0l1.6 2.8" />
    <path d="m16.6 11.2 2.6 4.4a2 2 0 0 1-1.7 3H14" />
    <path d="M9.5 18.6H6.4a2 2 0 0 1-1.7-3l1.5-2.6" />
    <path d="m13.2 6.9 1.9.1.9-1.7M12.5 20.5 14 18.6l-1.5-1.9M4.4 11.4l1.8 1.6 2-.6" />
  </Icon>
);
