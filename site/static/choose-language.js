// The root page: send the reader to the language he last chose, else the first of his
// browser's languages that the site has, else the default. The page lists all three
// languages as plain links, so it still works without JavaScript.

const list = document.querySelector(".language-choice");
const available = list.dataset.languages.split(" ");

function pick() {
  try {
    const saved = localStorage.getItem("stops-language");
    if (available.includes(saved)) return saved;
  } catch {
    // storage may be off
  }
  for (const wanted of navigator.languages || [navigator.language]) {
    const base = String(wanted).toLowerCase().split("-")[0];
    if (available.includes(base)) return base;
  }
  return list.dataset.default;
}

location.replace(`${pick()}/index.html${location.hash}`);
