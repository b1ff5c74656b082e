/**
 * The provider answers of one transformation, kept in the uploads bucket the moment they arrive
 * (decision 087): a Transform invocation that is retried (a lost answer, a failed write, the next
 * call of a structure retry) finds what was already paid for and never calls for it again.
 *
 * One ListObjectsV2 on the transformation's prefix tells what is stored: a GetObject of a missing
 * key would answer 403, not 404, to a role without s3:ListBucket on the bucket, and that grant is
 * scoped to this prefix (infra/lib/workflow.ts).
 */
import type { ProviderAnswer, ProviderAnswerKey, ProviderAnswers } from '../engines/types';
import { objectKeys, UNSAVED_TAGGING } from '../lib/object-keys';
import type { ImageStepDeps, TransformationRef } from './steps';

export function providerAnswerStore(deps: ImageStepDeps, ref: TransformationRef): ProviderAnswers {
  const keyOf = (answer: ProviderAnswerKey) => objectKeys.providerAnswer(ref.orgId, ref.transformationId, answer);
  let stored: Promise<Set<string>> | undefined;
  const listStored = async () =>
    new Set(await deps.objects.list(deps.uploadsBucket, objectKeys.providerAnswers(ref.orgId, ref.transformationId)));
  return {
    async recall(answer) {
      const key = keyOf(answer);
      // Listed once per invocation: this invocation's own answers are used directly, never recalled.
      stored ??= listStored();
      if (!(await stored).has(key)) return undefined;
      const kept = await deps.objects.get(deps.uploadsBucket, key);
      if (!kept) return undefined;
      return {
        image: kept.body,
        seed: Number(kept.metadata.seed ?? answer.seed),
        simulated: kept.metadata.simulated === 'true',
      };
    },
    async keep(answer, { image, seed, simulated }: ProviderAnswer) {
      await deps.objects.put(deps.uploadsBucket, keyOf(answer), image, {
        // Expires with the unsaved originals (decision 52); nothing ever saves it.
        tagging: UNSAVED_TAGGING,
        metadata: { seed: String(seed), simulated: String(simulated) },
      });
    },
  };
}
