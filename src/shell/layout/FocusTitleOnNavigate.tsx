import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The screen a path shows: its route, and whether it is the route's create form. */
export const screenOf = (pathname: string) => {
  const [, route = '', second] = pathname.split('/');
  return second === 'create' ? `${route}/create` : route;
};

/**
 * After moving to another screen, focus goes to its title, the page's h1 (docs/accessibility.md
 * "Keyboard"): a keyboard user starts from the top of the new screen, not from the menu entry
 * of the old, and a screen reader reads where it is. Record pages and drawers of a screen keep
 * their focus where it is (a drawer takes it itself and gives it back to its opener on close).
 */
export function FocusTitleOnNavigate() {
  const screen = screenOf(useLocation().pathname);
  useEffect(() => {
    const title = document.getElementById('react-admin-title');
    if (!title) return;
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }, [screen]);
  return null;
}
