// The SDK's internal SRP helper, used by tests as an independent client implementation.
declare module 'amazon-cognito-identity-js/lib/AuthenticationHelper' {
  const AuthenticationHelper: unknown;
  export default AuthenticationHelper;
}
declare module 'amazon-cognito-identity-js/lib/BigInteger' {
  const BigInteger: unknown;
  export default BigInteger;
}
