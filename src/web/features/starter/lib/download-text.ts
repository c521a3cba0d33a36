/** Saves a text as a file from the browser (no round trip to the server). */
export function downloadText(fileName: string, text: string, type = 'application/x-chess-pgn'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download reads the URL after the click returns: let it go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
