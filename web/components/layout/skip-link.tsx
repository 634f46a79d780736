/**
 * The first thing a keyboard reaches on every page: a link past the top bar and menu to the page's
 * own content (each page's one <main id="main">). Hidden until it has focus.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-control bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to main content
    </a>
  );
}
