import type { APIGatewayProxyEvent } from 'aws-lambda';

/** An API Gateway GET event of a public route, as the REST API hands it to a Lambda handler. */
export const getEvent = (
  resource: string,
  query: Record<string, string> | null,
): APIGatewayProxyEvent =>
  ({
    resource,
    path: resource,
    httpMethod: 'GET',
    headers: {},
    multiValueHeaders: {},
    pathParameters: null,
    queryStringParameters: query,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {},
  }) as unknown as APIGatewayProxyEvent;
