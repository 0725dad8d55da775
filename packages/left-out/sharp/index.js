// Next.js loads sharp only to optimize images for next/image, which Remora does not use.
const error = new Error(
  'sharp is left out of Remora\'s install (packages/README.md): to optimize images, remove "sharp" ' +
    'from optionalDependencies and overrides in package.json, then run npm install',
);
error.code = 'REMORA_LEFT_OUT';
throw error;
