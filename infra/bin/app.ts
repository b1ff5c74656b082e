#!/usr/bin/env node
/** CDK entry point: `npx cdk synth|deploy -c stage=dev|prod` (cdk.json runs this with tsx). */
import { App } from 'aws-cdk-lib';
import { addVitrineStack } from '../lib/app';

const app = new App();
addVitrineStack(app);
app.synth();
