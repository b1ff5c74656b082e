/** The HTTP API (payload v2) event and response shapes our handlers see. */
import type {
  APIGatewayEventRequestContextJWTAuthorizer,
  APIGatewayEventRequestContextV2,
  APIGatewayProxyEventV2WithRequestContext,
  APIGatewayProxyStructuredResultV2,
} from 'aws-lambda';

/** Public routes have no authorizer; JWT routes carry the verified claims. */
export type HttpEvent = APIGatewayProxyEventV2WithRequestContext<
  APIGatewayEventRequestContextV2 & { authorizer?: APIGatewayEventRequestContextJWTAuthorizer }
>;

export type HttpResponse = APIGatewayProxyStructuredResultV2 & { statusCode: number };
