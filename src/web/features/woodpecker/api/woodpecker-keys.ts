export const woodpeckerQueryKey = ['woodpecker'] as const;
