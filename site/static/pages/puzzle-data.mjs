// What a puzzle page and a worksheet read before they draw: the page's own data (the JSON in
// its script.puzzle-data), then the catalog and the game's puzzles that data names.

export async function loadPuzzles(root) {
  const data = JSON.parse(root.querySelector("script.puzzle-data").textContent);
  const [messages, puzzles] = await Promise.all([data.messages_href, data.data_href].map(async (href) => {
    const response = await fetch(new URL(href, document.baseURI));
    if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
    return response.json();
  }));
  return { data, messages, puzzles };
}
