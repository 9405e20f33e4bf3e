/** Region and dummy credentials the local emulators accept (they check neither). */
export const LOCAL_REGION = 'us-east-2';
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;
