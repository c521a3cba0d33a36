import { z } from 'zod';

/** The two sides; a repertoire, a drill deck and a study belong to one. */
export const color = z.enum(['white', 'black'], { error: 'color must be white or black' });
export type Color = z.infer<typeof color>;

/** Every answer of a logged-in API call wraps its data so. */
export const apiData = <T extends z.ZodType>(data: T) => z.object({ api_data: data });

/** A bad request: 400 with a message a person can act on. */
export const errorAnswer = z.object({ error: z.string() });
