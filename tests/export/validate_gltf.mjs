// Runs Khronos' glTF validator (npm gltf-validator, installed into the build folder) on exported files:
//   node validate_gltf.mjs NODE_PREFIX FILE.gltf|FILE.glb...
// Prints each file's issue counts and every message; exits 1 when any file has an error or a warning
// (infos and hints are printed, not counted), 2 on a usage or I/O problem.
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const [prefix, ...files] = process.argv.slice(2);
if (!prefix || files.length === 0) {
  console.error('usage: node validate_gltf.mjs NODE_PREFIX FILE...');
  process.exit(2);
}
const require = createRequire(path.join(path.resolve(prefix), 'package.json'));
const validator = require('gltf-validator');

const severities = ['error', 'warning', 'info', 'hint'];
let failed = false;
for (const file of files) {
  let bytes;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (e) {
    console.error(`${file}: ${e.message}`);
    process.exit(2);
  }
  const folder = path.dirname(file);
  const report = await validator.validateBytes(bytes, {
    uri: path.basename(file),
    maxIssues: 0,
    externalResourceFunction: async (uri) => new Uint8Array(await readFile(path.join(folder, decodeURI(uri)))),
  });
  const issues = report.issues;
  console.log(`${file}: ${issues.numErrors} errors, ${issues.numWarnings} warnings, ${issues.numInfos} infos, ` +
              `${issues.numHints} hints`);
  for (const m of issues.messages)
    console.log(`  ${severities[m.severity] ?? m.severity}: ${m.code} ${m.pointer ?? ''}: ${m.message}`);
  if (issues.numErrors > 0 || issues.numWarnings > 0) failed = true;
}
process.exit(failed ? 1 : 0);
