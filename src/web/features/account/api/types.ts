// Answers of the account calls (spec section 7, DESIGN section 4). The session answer lives in lib/session.

export type RegisterAnswer = { api_status: 'success' | 'fail'; api_data: string };

export type ResetRequestAnswer = {
  api_result: 'successful_password_reset_request' | 'no_such_user' | 'failed_password_reset_request' | (string & {});
  api_result_details?: string;
};

export type ResetAnswer = {
  api_result: 'successful_password_reset' | 'failed_password_reset' | 'password_reset_token_expired' | (string & {});
  api_result_details?: string;
};
