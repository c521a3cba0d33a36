/** A pattern matching `text` exactly, whatever characters it holds ("1...c5", "(2)"). */
export const exactly = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
