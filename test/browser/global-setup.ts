/**
 * The shared stack's global setup, under the name a check of what `npm test` does beside a
 * running product imports; it lives with the other support of the browser and integration tests.
 */
export { default } from '../support/stack-global-setup';
