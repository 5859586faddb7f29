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

// Remember the chosen language for the root page's redirect.
const lang = document.documentElement.lang;
try {
  localStorage.setItem("stops-language", lang);
} catch {
  // storage may be off; the root page then falls back to the browser's languages
}
