/**
 * The SDK's YAML (qilisdk serializes with ruamel.yaml), read into and written from `SdkNode`
 * graphs byte for byte as the SDK itself writes them. `docs/sdk-wire.md` lists the rules.
 */
export { readSdkYaml } from './read';
export type { SdkYamlDocument, SdkYamlRead, SdkYamlReadOptions, SdkYamlRefusal } from './read';
export { DEFAULT_SDK_YAML_LIMITS } from './graph-builder';
export type { SdkYamlLimits } from './graph-builder';
export { writeSdkYaml } from './write';
export { sameSdkTree } from './same-tree';
export { pythonFloatRepr } from './python-repr';
export { tagShorthand } from './tags';
