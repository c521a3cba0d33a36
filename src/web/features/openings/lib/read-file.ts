/** A chosen file that holds nothing (or only blanks): said as such rather than as a failure. */
export class EmptyFileError extends Error {
  constructor(readonly fileName: string) {
    super(`The file ${fileName} is empty`);
    this.name = 'EmptyFileError';
  }
}

/** A chosen file's text; undefined when none is chosen, EmptyFileError when it holds nothing. */
export async function readChosenFile(file: File | undefined | null): Promise<string | undefined> {
  if (!file) return undefined;
  const text = await file.text();
  if (text.trim() === '') throw new EmptyFileError(file.name);
  return text;
}
