/** A chosen file's text; spec 5: a file whose value is empty is ignored (undefined). */
export async function readChosenFile(file: File | undefined | null): Promise<string | undefined> {
  if (!file) return undefined;
  const text = await file.text();
  return text.trim() === '' ? undefined : text;
}
