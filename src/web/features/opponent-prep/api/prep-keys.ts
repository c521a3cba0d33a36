export const prepQueryKey = ['opponent-prep'] as const;
