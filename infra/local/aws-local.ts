/** Region and credentials of the local emulators (the identity service checks SigV4 signatures with them). */
export const LOCAL_REGION = 'us-east-2';
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;
