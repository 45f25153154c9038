// The host's runtime plugin that provides its Module Federation runtime to the remotes of the
// page (ADR 0026). Imported from an ES module so that webpack takes the plugin's ES module build,
// which shares the runtime the host already has; its CommonJS build would bring a second copy.
export { default } from '@module-federation/inject-external-runtime-core-plugin';
