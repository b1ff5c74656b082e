/**
 * Bundled in place of `@aws-sdk/middleware-endpoint-discovery` (see infra/lib/bundling.ts). The
 * DynamoDB client resolves an endpoint-discovery configuration (with a cache of discovered
 * endpoints), but in the pinned SDK no DynamoDB command adds the discovery middleware, so nothing
 * ever reads it: the same two exports the client imports, discovery off and no cache.
 */
export const NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS = {
  environmentVariableSelector: () => undefined,
  configFileSelector: () => undefined,
  default: undefined,
};

export function resolveEndpointDiscoveryConfig<Input extends object>(
  input: Input,
  { endpointDiscoveryCommandCtor }: { endpointDiscoveryCommandCtor: unknown },
) {
  return Object.assign(input, {
    endpointDiscoveryCommandCtor,
    endpointDiscoveryEnabled: () => Promise.resolve(false),
    isClientEndpointDiscoveryEnabled: false,
  });
}
