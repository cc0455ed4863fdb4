// Light/dark theme: an attribute on <html> the stylesheet keys on, persisted in localStorage; the system
// preference decides the first time.
import { DARK_PALETTE, LIGHT_PALETTE, Palette } from './svg-charts';

export type Theme = 'light' | 'dark';
const KEY = 'nbrevive.theme';

export function initialTheme(): Theme {
  const stored = localStorage.getItem(KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  localStorage.setItem(KEY, theme);
}

export function paletteOf(theme: Theme): Palette {
  return theme === 'dark' ? DARK_PALETTE : LIGHT_PALETTE;
}
