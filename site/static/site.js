// Keep the reader's place when switching language: the switcher links already point at
// the same page in the other language; this carries the #anchor along too.
// Without JavaScript the links still work (they just open the top of the page).

for (const link of document.querySelectorAll("a.language-link")) {
  link.addEventListener("click", () => {
    if (location.hash) {
      link.hash = location.hash;
    }
  });
}

// A handout's Print button (hidden without JavaScript, where the browser's own Print command is the way).
for (const button of document.querySelectorAll("button[data-print]")) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}

// Remember the chosen language for the root page's redirect.
const lang = document.documentElement.lang;
try {
  localStorage.setItem("stops-language", lang);
} catch {
  // storage may be off; the root page then falls back to the browser's languages
}

// Offline after the first visit: the site's service worker (sw.js at the site root, written
// by the build) keeps this build's pages and assets; once it runs, it is asked to fetch the
// other pages of this language in the background. Browsers without service workers, or
// pages outside a secure context, just go on without.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker
    .register(new URL("../sw.js", import.meta.url), { scope: new URL("../", import.meta.url).pathname })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active?.postMessage({ type: "warm", lang }))
    .catch(() => {
      // no offline copy this time (storage off, private mode...): the site works the same
    });
}
