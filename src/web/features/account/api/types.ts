// Answers of the account calls, from the API contract.
export type { RegisterAnswer, ResetAnswer, ResetRequestAnswer } from '@contract/account';
