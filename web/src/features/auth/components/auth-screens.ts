/** The guest-only sign-in screens, loaded as one chunk (they link to each other). */
export { LoginScreen } from './LoginScreen';
export { RegisterScreen } from './RegisterScreen';
export { VerifyCodeScreen } from './VerifyCodeScreen';
export { ForgetPasswordScreen } from './ForgetPasswordScreen';
