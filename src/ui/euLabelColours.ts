/**
 * The EU tyre label's scale colours (Regulation (EU) 2020/740, Annex II), best class first:
 * fuel efficiency from green to red, wet grip in blues. Shared by the drawn label and the
 * cards' badges.
 */
export const FUEL_COLOURS = ['#00964a', '#52b046', '#c9d200', '#f6a01a', '#e3241b'] as const;
export const WET_GRIP_COLOURS = ['#0b4a9b', '#2767b0', '#4a86c5', '#7aa7d8', '#a9c8ea'] as const;
/** The noise classes A–C, quietest first (a scale of greys). */
export const NOISE_COLOURS = ['#374151', '#6b7280', '#9ca3af'] as const;
