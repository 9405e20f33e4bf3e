import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsClientOptions } from '../aws/client-options';

/**
 * A document client that drops undefined attributes (optional fields are simply absent), with the
 * product's timeouts and retries (an API Lambda's unless `config` says otherwise).
 */
export function documentClient(config: DynamoDBClientConfig = {}): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient({ ...awsClientOptions(), ...config }), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

/** Reads a required environment variable (a deployed table name) or fails loudly at cold start. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}
