/** The environment variable through which a function learns the user pool (set by the stack). */
export const USER_POOL_ID_ENV = 'USER_POOL_ID';
