// Enough Markdown for a fake: paragraphs, with HTML escaped. The registry renders descriptions to HTML.

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Renders markdown as paragraphs (`<p>…</p>\n` each); null stays null. */
export function renderMarkdown(markdown: string | null): string | null {
  if (markdown === null) return null;
  return markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${block.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)}</p>\n`)
    .join('');
}
