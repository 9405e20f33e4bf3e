import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { vi } from 'vitest';

/** Test helper: a document client that records each command's input and answers with `answer`. */
export function clientAnswering(answer: (input: Record<string, unknown>) => unknown) {
  const inputs: Record<string, unknown>[] = [];
  const send = vi.fn(async (command: { input: Record<string, unknown> }) => {
    inputs.push(command.input);
    return answer(command.input);
  });
  return { client: { send } as unknown as DynamoDBDocumentClient, inputs };
}
