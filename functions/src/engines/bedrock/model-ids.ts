/** Bedrock model ids (light: the CDK imports it for the IAM grants). */

/**
 * The foundation model behind a cross-Region inference profile id (`us.stability.x` ->
 * `stability.x`); a foundation model id is returned as is.
 */
export const foundationModelOf = (id: string) => id.replace(/^(us|eu|apac|global)\./, '');
