const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside HTML elements and quoted attributes (pages and e-mails we write). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => entities[ch] ?? ch);
