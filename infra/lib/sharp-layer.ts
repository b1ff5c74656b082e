/**
 * A Lambda layer carrying sharp and its prebuilt libvips for Linux, assembled at synth time from
 * the packages already in node_modules: no network, no Docker. npm installs only the binaries of
 * the machine that ran `npm ci`, so the layer (and the function using it) takes that machine's
 * architecture; CI and this repository's machines are linux-x64.
 *
 * ARM64 is about 20% cheaper per GB-second. To ship it instead, install the arm64 binaries first
 * (needs the npm registry once):
 *   npm install --no-save --os=linux --cpu=arm64 --libc=glibc sharp@<same version>
 * then pass `architecture: Architecture.ARM_64` to the Workflow construct.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DockerImage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { REPO_ROOT } from './bundling';

const NODE_MODULES = path.join(REPO_ROOT, 'node_modules');

/** npm's name for a Lambda architecture. */
function npmCpu(architecture: lambda.Architecture): 'x64' | 'arm64' {
  return architecture === lambda.Architecture.ARM_64 ? 'arm64' : 'x64';
}

function packageDir(name: string): string {
  return path.join(NODE_MODULES, name);
}

function versionOf(name: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
  };
  return manifest.version;
}

/** sharp, its JavaScript dependencies and the two native packages of the architecture. */
export function sharpLayerPackages(architecture: lambda.Architecture): string[] {
  const cpu = npmCpu(architecture);
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir('sharp'), 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const packages = [
    'sharp',
    ...Object.keys(manifest.dependencies ?? {}),
    `@img/sharp-linux-${cpu}`,
    `@img/sharp-libvips-linux-${cpu}`,
  ];
  const missing = packages.filter((name) => !fs.existsSync(path.join(packageDir(name), 'package.json')));
  if (missing.length > 0) {
    throw new Error(
      `The sharp layer needs ${missing.join(', ')} in node_modules. Install them with ` +
        `\`npm install --no-save --os=linux --cpu=${cpu} --libc=glibc sharp@${versionOf('sharp')}\` ` +
        `or deploy with the architecture of the installed binaries.`,
    );
  }
  return packages;
}

export function sharpLayer(scope: Construct, id: string, architecture: lambda.Architecture): lambda.LayerVersion {
  const packages = sharpLayerPackages(architecture);
  return new lambda.LayerVersion(scope, id, {
    description: `sharp ${versionOf('sharp')} for linux-${npmCpu(architecture)}`,
    compatibleArchitectures: [architecture],
    compatibleRuntimes: [lambda.Runtime.NODEJS_22_X],
    code: lambda.Code.fromAsset(packageDir('sharp'), {
      // The content is fully determined by the package versions.
      assetHash: packages.map((name) => `${name}@${versionOf(name)}`).join(','),
      bundling: {
        // Required by the API; never pulled because local bundling always succeeds.
        image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
        local: {
          tryBundle(outputDir: string): boolean {
            for (const name of packages) {
              fs.cpSync(packageDir(name), path.join(outputDir, 'nodejs', 'node_modules', name), {
                recursive: true,
                // Sources and build scripts are not needed at run time.
                filter: (source) => !/[\\/]sharp[\\/](src|install)([\\/]|$)/.test(source),
              });
            }
            return true;
          },
        },
      },
    }),
  });
}
